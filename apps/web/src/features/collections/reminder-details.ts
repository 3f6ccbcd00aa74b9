import type { OverdueRow, ReminderResult } from '@plotbook/domain';

type Shown = Pick<OverdueRow, 'installmentId' | 'buyerName' | 'plotName' | 'installmentNo'>;

/**
 * The lines under "n reminders sent": who was mailed, who has no email, and each installment left out with the
 * server's reason (e.g. "Reminded in the last 24 hours"), named by buyer, plot and installment from the rows shown.
 * Several installments left out for the same reason and buyer are said once.
 */
export function reminderDetails(result: ReminderResult, rows: readonly Shown[]): string[] {
  const byId = new Map(rows.map((r) => [r.installmentId, r]));
  const skipped = new Map<string, string[]>();
  for (const s of result.skipped) {
    const row = byId.get(s.installmentId);
    const who = row ? `${row.buyerName ?? 'Buyer'}, ${row.plotName}, installment` : 'Installment';
    const key = `${who}\u0000${s.reason}`;
    skipped.set(key, [...(skipped.get(key) ?? []), row ? `#${row.installmentNo}` : `id ${s.installmentId}`]);
  }
  return [
    ...result.sent.map((s) => `${s.buyerName} (${s.email})`),
    ...result.noEmail.map((b) => `${b.buyerName}: no email`),
    ...[...skipped].map(([key, numbers]) => {
      const [who, reason] = key.split('\u0000');
      return `${who} ${numbers.join(', ')}: ${reason?.toLowerCase()}`;
    }),
  ];
}
