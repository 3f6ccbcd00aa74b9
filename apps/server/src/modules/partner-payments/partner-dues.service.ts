import {
  formatDate,
  formatRupees,
  overpaidPaise,
  overpaysPayouts,
  type PartnerFigures,
  partnersFigures,
  percentHundredths,
  projectProfitPaise,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import {
  firstPayoutsTo,
  lockProjectRows,
  type PartnerMoneyRow,
  projectPartnersMoney,
} from './partner-payments.repository.js';

/** Each partner of the project with their figures in paise (docs/design.md §7); 404 when there is no such project. */
export async function projectPartnerFigures(
  tdb: TenantDb,
  projectId: number,
): Promise<{ partner: PartnerMoneyRow; figures: PartnerFigures }[]> {
  const found = await projectPartnersMoney(tdb, projectId);
  if (!found) throw notFound('Project not found.');
  const { money, partners } = found;
  const figures = partnersFigures(
    projectProfitPaise(money),
    partners.map((p) => ({
      shareHundredths: p.percentageShare === null ? null : percentHundredths(p.percentageShare),
      investmentPaise: p.investmentPaise,
      receivedPaise: p.receivedPaise,
    })),
  );
  return partners.map((p, i) => ({ partner: p, figures: figures[i] as PartnerFigures }));
}

/**
 * The one lock of partners' dues: a payout, and every write that can change what is due to a project's partners
 * (purchase and development entries, contributions, shares), first locks the project's row (`lockProjectRows`, in
 * id order). So a payout reads dues that no entry can change under it, and an entry's write checks the payouts
 * that are all already saved. Returns the projects found, in id order.
 */
export function lockPartnerDues(tdb: TenantDb, projectIds: readonly number[]) {
  return lockProjectRows(tdb, [...new Set(projectIds)]);
}

const NAMED_PAYOUTS = 3;

/**
 * Runs a write that can change what is due to the partners of the given projects under the dues' lock, and
 * refuses it (409, and the transaction is rolled back) when it would leave a partner paid out more than is due to
 * them (`overpaysPayouts`, packages/domain), naming the payouts. `action` starts the message ("Deleting this
 * purchase entry").
 */
export async function keepPayoutsCovered<T>(
  tdb: TenantDb,
  projectIds: readonly number[],
  action: string,
  write: () => Promise<T>,
): Promise<T> {
  const projects = await lockPartnerDues(tdb, projectIds);
  const before = await Promise.all(projects.map((p) => projectPartnerFigures(tdb, p.projectId)));
  const result = await write();
  for (const [i, project] of projects.entries()) {
    const after = await projectPartnerFigures(tdb, project.projectId);
    for (const was of before[i] ?? []) {
      if (was.partner.payoutsPaise === 0) continue;
      const now = after.find((p) => p.partner.partnerId === was.partner.partnerId);
      const duePaise = now?.figures.duePaise ?? 0;
      const paid = { duePaise: was.figures.duePaise, payoutsPaise: was.partner.payoutsPaise };
      if (overpaysPayouts(paid, duePaise)) {
        const payouts = await firstPayoutsTo(tdb, project.projectId, was.partner.partnerId, NAMED_PAYOUTS + 1);
        const named = payouts
          .slice(0, NAMED_PAYOUTS)
          .map((p) => `${formatRupees(toRupees(p.amountPaise))} on ${formatDate(p.date)}`);
        if (payouts.length > NAMED_PAYOUTS) named.push('more');
        const over = formatRupees(toRupees(overpaidPaise(duePaise, was.partner.payoutsPaise)));
        throw conflict(
          `${action} would leave ${was.partner.partnerName} paid ${over} more than is due to them in ` +
            `${project.projectName}, after the payouts to them (${named.join(', ')}). ` +
            'What is due to a partner who has been paid may not go below zero.',
        );
      }
    }
  }
  return result;
}
