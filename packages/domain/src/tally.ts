import { z } from 'zod';
import {
  DEVELOPMENT_PARTICULARS,
  PAYMENT_MODES,
  PAYOUT_MODES,
  PURCHASE_PARTICULARS,
  RECEIPT_MODES,
  RECEIPT_PARTICULARS,
} from './constants.js';
import { type Paise, sumPaise } from './money.js';
import { isoDate, plainText } from './schemas/common.js';

/**
 * The Tally export (issue 22, item 6): the company's money that moved in a date range as Tally vouchers. Money in is a
 * Receipt voucher (a Completed receipt's live lines); money out is a Payment voucher (a live purchase or development
 * entry, a live partner payout, a refund paid). Pending receipts and refunds have not moved money yet; Cancelled and
 * Reversed receipts and voided rows never did.
 */

/** Every mode money moves by, on any screen (receipts, purchases/development, payouts). */
export const TALLY_MODES = [
  ...new Set<string>([...RECEIPT_MODES, ...PAYMENT_MODES, ...PAYOUT_MODES]),
] as readonly string[];

/** What a Plotbook row is in Tally: which screen it comes from. */
export const TALLY_SOURCES = ['receipt', 'purchase', 'development', 'payout', 'refund'] as const;
export type TallySource = (typeof TALLY_SOURCES)[number];

/** The TDS a buyer deducted (s.194-IA) is no bank money: the debit goes to the TDS ledger, not the mode's. */
export const TDS_PARTICULAR = 'TDS (194-IA)';

const ledgerName = (label: string) =>
  plainText({ label }).pipe(
    z.string().min(1, `${label}: enter a ledger name`).max(100, `${label} may have at most 100 characters`),
  );

const ledgerMap = <K extends string>(keys: readonly K[], group: string) =>
  z.object(
    Object.fromEntries(keys.map((k) => [k, ledgerName(`${group} "${k}"`)])) as unknown as Record<K, z.ZodType<string>>,
  );

/** The ledger mapping of a company: mode → bank/cash ledger, particular → income or expense ledger. */
export const tallyLedgersSchema = z.object({
  /** Tally's company name (SVCURRENTCOMPANY); blank imports into the company open in Tally. */
  companyName: plainText({ label: 'Tally company name' }).pipe(
    z.string().max(100, 'Tally company name may have at most 100 characters'),
  ),
  modes: ledgerMap(TALLY_MODES, 'Mode'),
  receipt: ledgerMap(RECEIPT_PARTICULARS, 'Receipt particular'),
  purchase: ledgerMap(PURCHASE_PARTICULARS, 'Purchase particular'),
  development: ledgerMap(DEVELOPMENT_PARTICULARS, 'Development particular'),
  payout: ledgerName('Partner payout'),
  refund: ledgerName('Refund'),
  tds: ledgerName('TDS deducted by buyers'),
});
export type TallyLedgers = z.output<typeof tallyLedgersSchema>;

const fill = <K extends string>(keys: readonly K[], pick: (k: K) => string) =>
  Object.fromEntries(keys.map((k) => [k, pick(k)])) as Record<K, string>;

/** A new company's mapping: the ledger names Indian books commonly use. */
export const DEFAULT_TALLY_LEDGERS: TallyLedgers = {
  companyName: '',
  modes: fill(TALLY_MODES, (m) => (m === 'Cash' ? 'Cash' : 'Bank')),
  receipt: fill(RECEIPT_PARTICULARS, (p) => (p === 'Transfer Fee' ? 'Transfer Fee Income' : 'Plot Sales')),
  purchase: fill(PURCHASE_PARTICULARS, (p) => (p === 'Stamp+Advocate' ? 'Stamp Duty and Legal Fees' : 'Land Purchase')),
  development: fill(DEVELOPMENT_PARTICULARS, (p) => (p === 'Advertisement' ? 'Advertisement' : 'Land Development')),
  payout: 'Partner Drawings',
  refund: 'Refunds to Buyers',
  tds: 'TDS Receivable (194-IA)',
};

/** The range of an export: both days inclusive, India's calendar, at most a year. */
export const TALLY_MAX_DAYS = 366;
export const tallyExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { message: 'From date may not be after To date', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < TALLY_MAX_DAYS * 86_400_000, {
    message: `Export at most ${TALLY_MAX_DAYS} days at a time`,
    path: ['to'],
  });
export type TallyExportQuery = z.output<typeof tallyExportQuerySchema>;

/** One line of money as the export reads it: what it was for, how it moved, and through whom. */
export interface TallyLine {
  particular: string;
  mode: string;
  amountPaise: Paise;
}

/** A row of money that moved, from its screen, with the words of its narration. */
export interface TallySourceRow {
  source: TallySource;
  id: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** A receipt's number in the company's series, when it has one (helper E's `receipts.receipt_no`). */
  receiptNo?: string | null;
  /** Buyer / farmer / partner, project and plot, particular: joined into the narration. */
  narration: string;
  lines: readonly TallyLine[];
}

export interface TallyLedgerEntry {
  ledger: string;
  /** Tally's ISDEEMEDPOSITIVE: Yes for a debit. */
  debit: boolean;
  amountPaise: Paise;
}

export interface TallyVoucher {
  type: 'Receipt' | 'Payment';
  /** `YYYY-MM-DD`. */
  date: string;
  number: string;
  narration: string;
  entries: TallyLedgerEntry[];
  source: TallySource;
}

const NUMBER_PREFIX: Record<TallySource, string> = {
  receipt: 'R',
  purchase: 'PUR',
  development: 'DEV',
  payout: 'PAY',
  refund: 'REF',
};

/**
 * A voucher's number: the ONE place it is chosen. A receipt's is its number in the company's series once it has one
 * (`receiptNo`), else `R-<id>`; the payments' are `<kind>-<id>` of their own rows.
 */
export function voucherNumber(row: Pick<TallySourceRow, 'source' | 'id' | 'receiptNo'>): string {
  if (row.source === 'receipt' && row.receiptNo) return row.receiptNo;
  return `${NUMBER_PREFIX[row.source]}-${row.id}`;
}

/** The income or expense ledger of a line's particular. */
function particularLedger(source: TallySource, particular: string, ledgers: TallyLedgers): string {
  switch (source) {
    case 'receipt':
      return ledgers.receipt[particular as keyof TallyLedgers['receipt']] ?? particular;
    case 'purchase':
      return ledgers.purchase[particular as keyof TallyLedgers['purchase']] ?? particular;
    case 'development':
      return ledgers.development[particular as keyof TallyLedgers['development']] ?? particular;
    case 'payout':
      return ledgers.payout;
    case 'refund':
      return ledgers.refund;
  }
}

/** The bank/cash side of a line: the mode's ledger, or (a TDS line) the TDS ledger. */
function moneyLedger(row: TallySourceRow, line: TallyLine, ledgers: TallyLedgers): string {
  if (row.source === 'receipt' && line.particular === TDS_PARTICULAR) return ledgers.tds;
  return ledgers.modes[line.mode] ?? line.mode;
}

/** Adds an entry, merging one with the same ledger and side (a receipt paid in two cheques is one Bank debit). */
function add(entries: TallyLedgerEntry[], ledger: string, debit: boolean, amountPaise: Paise) {
  const same = entries.find((e) => e.ledger === ledger && e.debit === debit);
  if (same) same.amountPaise = sumPaise([same.amountPaise, amountPaise]);
  else entries.push({ ledger, debit, amountPaise });
}

/**
 * A row as a Tally voucher. Receipt: the bank/cash ledger debited, the income ledger credited. Payment: the expense
 * ledger debited, the bank/cash ledger credited. Debits first, as Tally lists them.
 */
export function tallyVoucher(row: TallySourceRow, ledgers: TallyLedgers): TallyVoucher {
  const incoming = row.source === 'receipt';
  const debits: TallyLedgerEntry[] = [];
  const credits: TallyLedgerEntry[] = [];
  for (const line of row.lines) {
    const money = moneyLedger(row, line, ledgers);
    const account = particularLedger(row.source, line.particular, ledgers);
    add(debits, incoming ? money : account, true, line.amountPaise);
    add(credits, incoming ? account : money, false, line.amountPaise);
  }
  return {
    type: incoming ? 'Receipt' : 'Payment',
    date: row.date,
    number: voucherNumber(row),
    narration: row.narration,
    entries: [...debits, ...credits],
    source: row.source,
  };
}

/** The voucher's amount: Σ its debits (= Σ its credits). */
export const voucherAmountPaise = (v: TallyVoucher): Paise =>
  sumPaise(v.entries.filter((e) => e.debit).map((e) => e.amountPaise));

/** `YYYY-MM-DD` → Tally's `yyyymmdd`. */
export const tallyDate = (isoDay: string) => isoDay.replaceAll('-', '');

/**
 * An entry's AMOUNT in Tally's sign convention, in rupees with two decimals: a debit (ISDEEMEDPOSITIVE Yes) is
 * negative, a credit positive. Integer arithmetic on paise: no float rounding.
 */
export function tallyAmount(entry: Pick<TallyLedgerEntry, 'debit' | 'amountPaise'>): string {
  const paiseValue = Math.abs(entry.amountPaise);
  const text = `${Math.trunc(paiseValue / 100)}.${String(paiseValue % 100).padStart(2, '0')}`;
  const negative = entry.debit !== entry.amountPaise < 0;
  return negative && paiseValue !== 0 ? `-${text}` : text;
}

/** The download's file name, with the range: `tally-2026-04-01-to-2027-03-31.xml`. */
export const tallyFileName = (q: TallyExportQuery, extension: 'xml' | 'xlsx') =>
  `tally-${q.from}-to-${q.to}.${extension}`;
