import {
  autoReminderKind,
  autoReminderWindow,
  canRemindAgain,
  formatDate,
  formatRupees,
  indiaDate,
  installmentState,
  paise,
  type ReminderKind,
  type ReminderResult,
  toRupees,
} from '@plotbook/domain';
import { afterCommit, type TenantDb } from '../../db/tenancy.js';
import { recordChange } from '../../lib/audit.js';
import type { Mailer, MailMessage } from '../../lib/mail.js';
import { getCollectionSettings } from '../company-settings/company-settings.service.js';
import {
  autoRemindersSent,
  type InstallmentRow,
  insertReminders,
  installmentsByIds,
  installmentsDue,
  lockReminders,
  markRemindersFailed,
  tryLockReminders,
} from './collections.repository.js';

const unpaidOf = (r: InstallmentRow) => paise(r.amountPaise - r.paidPaise);

/** One mail to a buyer naming each plot, installment and amount still owed (the kind says before or after due). */
export function reminderMail(
  to: string,
  buyerName: string,
  rows: readonly InstallmentRow[],
  kind: ReminderKind,
  today: string,
): MailMessage {
  const total = paise(rows.reduce((sum, r) => sum + unpaidOf(r), 0));
  const upcoming = kind === 'before';
  const lines = rows.map((r) => {
    const when = r.dueDate < today ? `was due on ${formatDate(r.dueDate)}` : `is due on ${formatDate(r.dueDate)}`;
    return `- ${r.projectName}, plot ${r.plotName}: installment ${r.installmentNo} ${when}; ${formatRupees(toRupees(unpaidOf(r)))} to pay`;
  });
  return {
    to,
    subject: upcoming ? 'Payment reminder: installment due soon' : 'Payment reminder: installment overdue',
    lines: [
      `Dear ${buyerName},`,
      '',
      upcoming
        ? 'This is a reminder that the following installment is due soon:'
        : 'Our records show the following installments are not yet paid:',
      ...lines,
      '',
      `Total: ${formatRupees(toRupees(total))}`,
      '',
      'If you have paid already, please ignore this mail. For any question, please contact our office.',
    ],
  };
}

interface BuyerGroup {
  key: string;
  buyerName: string;
  email: string | null;
  rows: InstallmentRow[];
}

function byBuyer(rows: readonly InstallmentRow[]): BuyerGroup[] {
  const groups = new Map<string, BuyerGroup>();
  for (const r of rows) {
    const key = r.buyerId !== null ? `b${r.buyerId}` : `s${r.saleId}`;
    const group = groups.get(key) ?? { key, buyerName: r.buyerName ?? 'Buyer', email: r.email, rows: [] };
    group.rows.push(r);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Records, in a transaction of its own once the reminders' transaction has committed, that their mail could not be
 * sent (`markRemindersFailed`): the caller opens that transaction (a request's `withTenant`, the runner's company).
 */
export type MarkRemindersFailed = (reminderIds: readonly number[]) => Promise<void>;

/**
 * Reminders whose mail could not be sent: they stay logged, marked failed (one trail row each, action 'status'),
 * and no longer count as sent.
 */
export async function recordFailedReminders(tdb: TenantDb, reminderIds: readonly number[], at: Date): Promise<void> {
  await markRemindersFailed(tdb, reminderIds, at);
  for (const id of reminderIds) {
    recordChange(tdb, {
      entity: 'reminder',
      entityId: id,
      action: 'status',
      changes: { status: ['sent', 'failed'], failed_at: [null, at.toISOString()] },
    });
  }
}

/**
 * Logs the reminders of a buyer's installments (one row and one trail row each, entity 'reminder', action 'send')
 * and queues their mail for after the commit: a reminder rolled back is never mailed. A mail that fails marks its
 * reminders failed (they stop counting as sent, so they can be sent again) and calls `onFailure`.
 */
async function logAndMail(
  tdb: TenantDb,
  mailer: Mailer,
  group: BuyerGroup & { email: string },
  kind: ReminderKind,
  now: Date,
  sentBy: number | null,
  markFailed: MarkRemindersFailed,
  onFailure: () => void,
) {
  const ids = await insertReminders(
    tdb,
    group.rows.map((r) => ({
      installmentId: r.installmentId,
      saleId: r.saleId,
      buyerId: r.buyerId,
      recipient: group.email,
      kind,
      sentAt: now,
      sentBy,
    })),
  );
  ids.forEach((id, i) => {
    const r = group.rows[i] as InstallmentRow;
    recordChange(tdb, {
      entity: 'reminder',
      entityId: id,
      action: 'send',
      changes: { installment_id: [null, r.installmentId], recipient: [null, group.email], kind: [null, kind] },
    });
  });
  const message = reminderMail(group.email, group.buyerName, group.rows, kind, indiaDate(now));
  afterCommit(tdb, async () => {
    try {
      await mailer.send(message);
    } catch {
      onFailure();
      await markFailed(ids);
    }
  });
}

/**
 * A clerk's reminders (issue 22): the chosen installments that are overdue today, one mail per buyer. Under the
 * company's reminders lock, an installment reminded in the last 24 hours (`canRemindAgain`, on the app's clock) is
 * left out and said so; a buyer without an email is reported, not failed.
 */
export async function sendReminders(
  tdb: TenantDb,
  mailer: Mailer,
  installmentIds: readonly number[],
  userId: number,
  now: Date,
  markFailed: MarkRemindersFailed,
): Promise<ReminderResult> {
  await lockReminders(tdb);
  const today = indiaDate(now);
  const unique = [...new Set(installmentIds)];
  const rows = await installmentsByIds(tdb, unique);
  const found = new Set(rows.map((r) => r.installmentId));
  const skipped: ReminderResult['skipped'] = unique
    .filter((id) => !found.has(id))
    .map((installmentId) => ({ installmentId, reason: 'Not an installment of an active sale' }));
  const due: InstallmentRow[] = [];
  for (const r of rows) {
    if (installmentState({ dueDate: r.dueDate, amountPaise: r.amountPaise }, r.paidPaise, today) !== 'overdue') {
      skipped.push({ installmentId: r.installmentId, reason: 'Not overdue' });
    } else if (!canRemindAgain(r.lastReminderAt, now)) {
      skipped.push({ installmentId: r.installmentId, reason: 'Reminded in the last 24 hours' });
    } else due.push(r);
  }
  const result: ReminderResult = { sent: [], noEmail: [], skipped, message: '' };
  for (const group of byBuyer(due)) {
    if (!group.email) {
      result.noEmail.push({ buyerName: group.buyerName, installments: group.rows.length });
      continue;
    }
    const sent = { buyerName: group.buyerName, email: group.email, installments: group.rows.length };
    result.sent.push(sent);
    await logAndMail(tdb, mailer, { ...group, email: group.email }, 'manual', now, userId, markFailed, () => {
      result.sent = result.sent.filter((s) => s !== sent);
      result.skipped.push(
        ...group.rows.map((r) => ({ installmentId: r.installmentId, reason: 'The email could not be sent' })),
      );
    });
  }
  result.message = reminderMessage(result);
  // The message is written again once the mails went out (a failed one moves to skipped).
  afterCommit(tdb, () => {
    result.message = reminderMessage(result);
  });
  return result;
}

function reminderMessage(result: ReminderResult): string {
  const parts = [`${result.sent.length} reminder${result.sent.length === 1 ? '' : 's'} sent`];
  if (result.noEmail.length > 0)
    parts.push(`${result.noEmail.length} buyer${result.noEmail.length === 1 ? ' has' : 's have'} no email`);
  if (result.skipped.length > 0)
    parts.push(`${result.skipped.length} installment${result.skipped.length === 1 ? '' : 's'} left out`);
  return `${parts.join('; ')}.`;
}

/**
 * The automatic reminders of one company on the app's clock, when its setting is on: each installment in time for
 * its 'before' (not paid) or 'after' (overdue) reminder and not yet sent that one, nor any reminder in 24 hours.
 * Under `tryLockReminders`: when another server holds the company's lock it is sending, and this run skips the
 * company (false). Returns how many mails were queued.
 */
export async function runCompanyAutoReminders(
  tdb: TenantDb,
  mailer: Mailer,
  now: Date,
  markFailed: MarkRemindersFailed,
): Promise<number | false> {
  if (!(await tryLockReminders(tdb))) return false;
  const settings = (await getCollectionSettings(tdb)).autoReminders;
  if (!settings.enabled) return 0;
  const today = indiaDate(now);
  const window = autoReminderWindow(today, settings);
  const candidates = await installmentsDue(tdb, window, null);
  const sent = await autoRemindersSent(
    tdb,
    candidates.map((r) => r.installmentId),
  );
  const byKind: Record<'before' | 'after', InstallmentRow[]> = { before: [], after: [] };
  for (const r of candidates) {
    const kind = autoReminderKind(r.dueDate, today, settings);
    if (!kind || sent.has(`${r.installmentId}:${kind}`) || !canRemindAgain(r.lastReminderAt, now)) continue;
    const state = installmentState({ dueDate: r.dueDate, amountPaise: r.amountPaise }, r.paidPaise, today);
    if (kind === 'before' ? state === 'paid' : state !== 'overdue') continue;
    byKind[kind].push(r);
  }
  let mails = 0;
  for (const kind of ['before', 'after'] as const) {
    for (const group of byBuyer(byKind[kind])) {
      if (!group.email) continue;
      await logAndMail(tdb, mailer, { ...group, email: group.email }, kind, now, null, markFailed, () => {});
      mails += 1;
    }
  }
  return mails;
}
