import {
  type PartnerReceiptDto,
  type PartnerSummaryDto,
  type PayoutCommand,
  type PayoutDto,
  type PayoutSaved,
  partnerFigures,
  percentHundredths,
  projectProfitPaise,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertProject } from '../projects/projects.service.js';
import {
  findProjectPartner,
  insertPayout,
  pagePayouts,
  pageReceiptLines,
  partnersMoney,
  projectMoney,
} from './partner-payments.repository.js';

/** Payment To Partner's summary: each partner's investment, profit share, total, received and due (DESIGN §7). */
export async function getPartnersSummary(tdb: TenantDb, projectId: number): Promise<PartnerSummaryDto[]> {
  await assertProject(tdb, projectId);
  const [money, partners] = await Promise.all([projectMoney(tdb, projectId), partnersMoney(tdb, projectId)]);
  const profit = projectProfitPaise(money);
  return partners.map((p) => {
    const figures = partnerFigures(profit, {
      shareHundredths: p.percentageShare === null ? null : percentHundredths(p.percentageShare),
      investmentPaise: p.investmentPaise,
      receivedPaise: p.receivedPaise,
    });
    return {
      partnerId: p.partnerId,
      partnerName: p.partnerName,
      percentageShare: p.percentageShare,
      investment: toRupees(figures.investmentPaise),
      profit: toRupees(figures.profitPaise),
      total: toRupees(figures.totalPaise),
      received: toRupees(figures.receivedPaise),
      due: toRupees(figures.duePaise),
    };
  });
}

export async function getProjectReceipts(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<PartnerReceiptDto>> {
  await assertProject(tdb, projectId);
  return pageReceiptLines(tdb, projectId, page);
}

/** Records money handed to a partner of the project; a partner without a share in it is not found. */
export async function recordPayout(tdb: TenantDb, input: PayoutCommand, userId: number): Promise<PayoutSaved> {
  await assertProject(tdb, input.projectId);
  const partnerName = await findProjectPartner(tdb, input.projectId, input.partnerId);
  if (partnerName === undefined) throw notFound('Partner not found in this project.');
  const payoutId = await insertPayout(tdb, input, userId);
  return { payoutId, message: `Payment to ${partnerName} saved successfully!` };
}

export async function getPayouts(
  tdb: TenantDb,
  where: { projectId: number; partnerId?: number },
  page: PageRequest,
): Promise<Page<PayoutDto>> {
  await assertProject(tdb, where.projectId);
  return pagePayouts(tdb, where, page);
}
