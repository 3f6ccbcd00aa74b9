import {
  formatRupees,
  type PartnerReceiptAnswer,
  type PartnerSummaryAnswer,
  type PayoutAnswer,
  type PayoutCommand,
  type PayoutSavedAnswer,
  toPaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertLive, VOIDED, voidReason } from '../../lib/voids.js';
import { assertProject } from '../projects/projects.service.js';
import { lockPartnerDues, pendingCreditedText, projectPartnerFigures, reservedDueOf } from './partner-dues.service.js';
import { findProjectPartner, insertPayout, pagePayouts } from './partner-payments.repository.js';
import { lockPayout, voidPayout } from './payout-voids.repository.js';
import { pageReceiptLines } from './receipt-lines.repository.js';

/**
 * Payment To Partner's summary: each partner's investment, profit share, total, received and due (docs/design.md §7),
 * in paise.
 */
export async function getPartnersSummary(tdb: TenantDb, projectId: number): Promise<PartnerSummaryAnswer[]> {
  return (await projectPartnerFigures(tdb, projectId)).map(({ partner: p, figures }) => {
    return {
      partnerId: p.partnerId,
      partnerName: p.partnerName,
      percentageShare: p.percentageShare,
      investment: figures.investmentPaise,
      profit: figures.profitPaise,
      total: figures.totalPaise,
      received: figures.receivedPaise,
      due: figures.duePaise,
    };
  });
}

/**
 * Payment To Partner's receipt lines of a project, one query: only an empty list needs telling apart from a
 * project that does not exist (404).
 */
export async function getProjectReceipts(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<PartnerReceiptAnswer>> {
  const { projectFound, ...result } = await pageReceiptLines(tdb, projectId, page);
  if (!projectFound) await assertProject(tdb, projectId);
  return result;
}

/**
 * Records money handed to a partner of the project; a partner without a share in it is not found. A payout may
 * not be more than what is due to the partner (total − received, docs/design.md §7) less the Pending receipt lines
 * credited to them, which are reserved as already in their hands (`reservedDuePaise`); this also keeps every sum
 * of payouts within what paise count exactly. It first takes the dues' lock (`lockPartnerDues`: the project's row),
 * so two payouts sent together cannot both take the same due amount, and no entry or receipt credited to the partner
 * can change the due between the check and the save.
 */
export async function recordPayout(tdb: TenantDb, input: PayoutCommand, userId: number): Promise<PayoutSavedAnswer> {
  if ((await lockPartnerDues(tdb, [input.projectId])).length === 0) throw notFound('Project not found.');
  const partnerName = await findProjectPartner(tdb, input.projectId, input.partnerId);
  if (partnerName === undefined) throw notFound('Partner not found in this project.');
  const row = (await projectPartnerFigures(tdb, input.projectId)).find((p) => p.partner.partnerId === input.partnerId);
  const due = row ? reservedDueOf(row) : ZERO_PAISE;
  const pending = row ? pendingCreditedText(row.partner) : '';
  const counted = pending ? ` once ${pending} are counted` : '';
  if (due <= 0) {
    throw conflict(`Nothing is due to ${partnerName} in this project${counted}, so no payment can be recorded.`, {
      amount: 'Nothing is due to this partner',
    });
  }
  if (toPaise(input.amount) > due) {
    const dueText = formatRupees(toRupees(due));
    throw conflict(
      `The payment of ${formatRupees(input.amount)} is more than the ${dueText} due to ${partnerName}${counted}.`,
      { amount: `At most ${dueText}` },
    );
  }
  const payoutId = await insertPayout(tdb, input, userId);
  return { payoutId, message: `Payment to ${partnerName} saved successfully!` };
}

export async function getPayouts(
  tdb: TenantDb,
  where: { projectId: number; partnerId?: number },
  page: PageRequest,
  withVoided = false,
): Promise<Page<PayoutAnswer>> {
  await assertProject(tdb, where.projectId);
  return pagePayouts(tdb, where, page, withVoided);
}

/**
 * Voids a payout: it stays, listed only with `?voided=include`, and leaves Payment To Partner and every report, so
 * the partner's due goes back up by its amount (nothing to guard). A second void is a 409.
 */
export async function removePayout(
  tdb: TenantDb,
  id: number,
  userId: number,
  reason: string | null | undefined,
): Promise<{ message: string }> {
  const why = voidReason(reason);
  const payout = await lockPayout(tdb, id);
  if (!payout) throw notFound('Payout not found.');
  assertLive(payout, 'payout');
  await voidPayout(tdb, id, userId, why);
  recordChange(tdb, { entity: 'payout', entityId: id, action: 'void', changes: VOIDED, reason: why });
  return { message: 'Payout voided.' };
}

/**
 * A page of every receipt line of a project with its totals by status (the Payment Receipts report, which searches
 * every column it shows); `projectFound` false when there is no such project.
 */
export const pageProjectReceiptLines = (tdb: TenantDb, projectId: number, page: PageRequest) =>
  pageReceiptLines(tdb, projectId, page, { searchAll: true });
