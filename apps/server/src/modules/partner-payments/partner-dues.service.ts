import {
  formatDate,
  formatRupees,
  overpaidPaise,
  overpaysPayouts,
  type PartnerFigures,
  partnersFigures,
  percentHundredths,
  projectProfitPaise,
  reservedDuePaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import {
  latestPayoutsTo,
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
 * The one lock of partners' dues: a payout, a receipt with lines credited to a partner, and every write that can
 * change what is due to a project's partners (purchase and development entries, contributions, shares), first
 * locks the project's row (`lockProjectRows`, in id order). So a payout reads dues that no entry or receipt can
 * change under it, and a guarded write checks the payouts that are all already saved. Returns the projects found,
 * in id order.
 */
export function lockPartnerDues(tdb: TenantDb, projectIds: readonly number[]) {
  return lockProjectRows(tdb, [...new Set(projectIds)]);
}

type PartnerRow = { partner: PartnerMoneyRow; figures: PartnerFigures };

/** What may still be handed to a partner: their due less the Pending receipt lines credited to them. */
export const reservedDueOf = ({ partner, figures }: PartnerRow) =>
  reservedDuePaise(figures.duePaise, partner.pendingCreditedPaise);

/** "the ₹ 50,000.00 of Pending receipts credited to them", or '' when there are none: what a refusal adds. */
export const pendingCreditedText = (partner: PartnerMoneyRow) =>
  partner.pendingCreditedPaise > 0
    ? `the ${formatRupees(toRupees(partner.pendingCreditedPaise))} of Pending receipts credited to them`
    : '';

const NAMED_PAYOUTS = 3;

/** The latest payouts to a partner, newest first: "₹ 50,000.00 on 20/10/2026, ₹ 20,000.00 on 07/06/2026 and 2 more". */
async function namePayouts(tdb: TenantDb, projectId: number, partnerId: number): Promise<string> {
  const { payouts, count } = await latestPayoutsTo(tdb, projectId, partnerId, NAMED_PAYOUTS);
  const named = payouts.map((p) => `${formatRupees(toRupees(p.amountPaise))} on ${formatDate(p.date)}`).join(', ');
  return count > payouts.length ? `${named} and ${count - payouts.length} more` : named;
}

/**
 * Runs a correction of what is due to the partners of the given projects (an entry edited or deleted, a share), or
 * money handed to a partner (a receipt line credited to them), under the dues' lock, and refuses it (409, and the
 * transaction is rolled back) when it would leave a partner paid out more than is due to them (`overpaysPayouts`
 * on their reserved dues, packages/domain), naming the payouts. A new cost is not guarded (it is a fact: the
 * partner then owes the difference back) and takes only the lock. `action` starts the message ("Deleting this
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
      const duePaise = now ? reservedDueOf(now) : ZERO_PAISE;
      if (overpaysPayouts({ duePaise: reservedDueOf(was), payoutsPaise: was.partner.payoutsPaise }, duePaise)) {
        const over = formatRupees(toRupees(overpaidPaise(duePaise, was.partner.payoutsPaise)));
        const payouts = await namePayouts(tdb, project.projectId, was.partner.partnerId);
        const pending = now ? pendingCreditedText(now.partner) : '';
        throw conflict(
          `${action} would leave ${was.partner.partnerName} paid ${over} more than is due to them in ` +
            `${project.projectName}, after the payouts to them (${payouts})${pending ? ` and ${pending}` : ''}. ` +
            'What is due to a partner who has been paid may not go below zero.',
        );
      }
    }
  }
  return result;
}
