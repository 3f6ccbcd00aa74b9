import {
  DEFAULT_TALLY_LEDGERS,
  TALLY_SOURCES,
  type TallyExportQuery,
  type TallyLedgers,
  type TallySource,
  type TallySourceRow,
  type TallyVoucher,
  tallyLedgersSchema,
  tallyVoucher,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import {
  completedReceiptLines,
  developmentPaid,
  payoutsPaid,
  purchasesPaid,
  readTallyLedgers,
  refundsPaid,
  saveTallyLedgers,
  type TallyReadRow,
} from './tally.repository.js';

type Groups = Omit<TallyLedgers, 'companyName' | 'payout' | 'refund' | 'tds'>;
const GROUPS = ['modes', 'receipt', 'purchase', 'development'] as const satisfies readonly (keyof Groups)[];

/**
 * The company's ledger mapping: what it saved over the defaults, group by group, so a mode or particular added to
 * Plotbook after the save still has a ledger. A stored mapping that no longer validates gives way to the defaults.
 */
export async function getTallyLedgers(tdb: TenantDb): Promise<TallyLedgers> {
  const stored = (await readTallyLedgers(tdb)) as Partial<Record<string, unknown>> | undefined;
  if (!stored) return DEFAULT_TALLY_LEDGERS;
  const merged: Record<string, unknown> = { ...DEFAULT_TALLY_LEDGERS, ...stored };
  for (const group of GROUPS) merged[group] = { ...DEFAULT_TALLY_LEDGERS[group], ...(stored[group] as object) };
  const parsed = tallyLedgersSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_TALLY_LEDGERS;
}

/** The mapping as flat fields (`modes.Cash`), for the trail's changed fields. */
function flat(ledgers: TallyLedgers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(ledgers)) {
    if (typeof value === 'string') out[key] = value;
    else for (const [k, v] of Object.entries(value as Record<string, string>)) out[`${key}.${k}`] = v;
  }
  return out;
}

/** A tenant admin saves the mapping: one trail row (entity 'settings', action 'update') with the changed ledgers. */
export async function saveTally(tdb: TenantDb, input: TallyLedgers, userId: number): Promise<TallyLedgers> {
  const before = await getTallyLedgers(tdb);
  const changes = changedFields(flat(before), flat(input));
  if (Object.keys(changes).length > 0) {
    await saveTallyLedgers(tdb, input, userId);
    recordChange(tdb, { entity: 'settings', entityId: null, action: 'update', changes });
  }
  return input;
}

const words = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(', ');

/** A row's narration: who, where and what for (the detail: a cheque or reference number). */
function narration(source: TallySource, r: TallyReadRow, particulars: string): string {
  const plot = r.plot ? `plot ${r.plot}` : null;
  const ref = r.detail ? `ref ${r.detail}` : null;
  const partner = r.partner ? `partner ${r.partner}` : null;
  switch (source) {
    case 'receipt':
      return words(`Received from ${r.party ?? 'buyer'}`, r.project, plot, particulars, ref, partner);
    case 'purchase':
      return words(`${particulars} paid${r.party ? ` to ${r.party}` : ''}`, r.project, ref, partner);
    case 'development':
      return words(`${particulars} paid${r.party ? ` to ${r.party}` : ''}`, r.project, plot, ref, partner);
    case 'payout':
      return words(`Payout to partner ${r.party ?? ''}`.trim(), r.project, ref);
    case 'refund':
      return words(`Refund to ${r.party ?? 'buyer'} on cancelling the sale`, r.project, plot, ref);
  }
}

const line = (r: TallyReadRow) => ({ particular: r.particular, mode: r.mode, amountPaise: r.amountPaise });

/** A receipt's lines by (receipt, date): one voucher each, as the money came in on that day. */
function receiptRows(rows: readonly TallyReadRow[]): TallySourceRow[] {
  const byKey = new Map<string, TallyReadRow[]>();
  for (const r of rows) {
    const key = `${r.id}|${r.date}`;
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  return [...byKey.values()].map((group) => {
    const first = group[0] as TallyReadRow;
    const particulars = [...new Set(group.map((g) => g.particular))].join(' + ');
    const details = [...new Set(group.map((g) => g.detail).filter(Boolean))].join(', ');
    const partners = [...new Set(group.map((g) => g.partner).filter(Boolean))].join(', ');
    return {
      source: 'receipt',
      id: first.id,
      receiptNo: first.receiptNo ?? null,
      date: first.date,
      narration: narration('receipt', { ...first, detail: details || null, partner: partners || null }, particulars),
      lines: group.map(line),
    };
  });
}

const single =
  (source: TallySource) =>
  (r: TallyReadRow): TallySourceRow => ({
    source,
    id: r.id,
    date: r.date,
    narration: narration(source, r, r.particular),
    lines: [line(r)],
  });

/**
 * The money that moved in the range as Tally vouchers, by date, then receipts before payments, then row: Completed
 * receipts' live lines (Receipt), live purchase and development entries, live partner payouts and refunds paid
 * (Payment). Pending, Cancelled and Reversed receipts, Pending refunds and voided rows are left out.
 */
export async function tallyVouchers(
  tdb: TenantDb,
  q: TallyExportQuery,
): Promise<{ ledgers: TallyLedgers; vouchers: TallyVoucher[] }> {
  // One transaction, one connection: the reads go one after another.
  const ledgers = await getTallyLedgers(tdb);
  const receipts = await completedReceiptLines(tdb, q);
  const purchases = await purchasesPaid(tdb, q);
  const development = await developmentPaid(tdb, q);
  const payouts = await payoutsPaid(tdb, q);
  const refunds = await refundsPaid(tdb, q);
  const rows = [
    ...receiptRows(receipts),
    ...purchases.map(single('purchase')),
    ...development.map(single('development')),
    ...payouts.map(single('payout')),
    ...refunds.map(single('refund')),
  ];
  const order = (s: TallySource) => TALLY_SOURCES.indexOf(s);
  rows.sort((a, b) => a.date.localeCompare(b.date) || order(a.source) - order(b.source) || a.id - b.id);
  return { ledgers, vouchers: rows.map((r) => tallyVoucher(r, ledgers)) };
}
