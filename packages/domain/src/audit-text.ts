import type { AuditAction, AuditEntity } from './constants.js';
import { formatDate, formatRupees } from './format.js';

/**
 * The audit trail's changes as the API answers them (`GET /api/audit`): `{ field: [before, after] }`, column names,
 * money in rupees under the name without `_paise` (`amount`, not `amount_paise`).
 */
export type AuditChanges = Readonly<Record<string, readonly unknown[]>>;

/** The fields that are money (their `*_paise` columns without the suffix): shown as `₹ 1,20,000.00`. */
export const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'advance_amount',
  'development',
  'emi_total',
  'installment',
  'land',
  'monthly_amount',
  'paid',
  'received',
  'sale_amount',
  'sale',
  'total_amount',
  'total',
  'visarpawati_amount',
  'tds_threshold',
  'cash_limit',
]);

/** Readable names of the columns a change may name; any other reads as its column name in words (`Plot name`). */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  amount: 'Amount',
  advance_amount: 'Advance amount',
  development: 'Development',
  emi_total: 'EMI total',
  emi_date: 'EMI date',
  emi_duration: 'EMI duration',
  installment: 'Installment',
  land: 'Land',
  monthly_amount: 'Monthly amount',
  sale_amount: 'Sale amount',
  total_amount: 'Total amount',
  total: 'Receipt total',
  visarpawati_amount: 'Visarpawati amount',
  entry_date: 'Date',
  line_date: 'Date',
  sale_date: 'Sale date',
  payout_date: 'Payout date',
  registration_date: 'Registration date',
  mode: 'Mode',
  mode_date: 'Mode date',
  mode_detail: 'Mode detail',
  particular: 'Particular',
  note: 'Note',
  status: 'Status',
  receipt_status: 'Status',
  payment_type: 'Payment type',
  percentage_share: 'Share %',
  buyer_name: 'Buyer',
  buyer_mobile: 'Buyer mobile',
  transfer_fee: 'Transfer fees (total)',
  transfer_date: 'Transfer date',
  transfer_id: 'Transfer no.',
  mobile_number: 'Mobile',
  email_id: 'Email',
  project_name: 'Project',
  plot_name: 'Plot',
  plot_number: 'Plot number',
  partner_name: 'Partner',
  archived_at: 'Archived at',
  archived_by: 'Archived by (user id)',
  archive_reason: 'Archive reason',
  total_rate: 'Rate',
  total_area: 'Total area',
  total_plot_size: 'Plot size',
  saleable_area: 'Saleable area',
  credit_to: 'Credit to',
  document_no: 'Document no.',
  registration_office: 'Registration office',
  project_id: 'Project id',
  plot_id: 'Plot id',
  partner_id: 'Partner id',
  sale_id: 'Sale id',
  receipt_id: 'Receipt id',
  line_id: 'Receipt line',
  voided: 'Voided',
  lines: 'Lines',
  installments: 'Installments',
  shares: 'Shares',
  agreement_date: 'Agreement for sale date',
  tds_threshold: 'TDS threshold',
  tds_rate_hundredths: 'TDS rate (hundredths of a %)',
  cash_limit: 'Cash limit',
  cash_rule: 'Cash rule',
  rera_limit_hundredths: 'RERA limit (hundredths of a %)',
  file_name: 'File name',
  mime: 'File type',
  size_bytes: 'Size (bytes)',
  sha256: 'Checksum (SHA-256)',
};

/** `plot_name` → `Plot name`, or the field's label. */
export function auditFieldLabel(field: string): string {
  const label = AUDIT_FIELD_LABELS[field];
  if (label) return label;
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as India's clock shows it: `dd/mm/yyyy hh:mm` (IST, UTC+05:30, no daylight saving). */
export function formatIndiaDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '-';
  const d = new Date(time + 330 * 60_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** One value of a change as a person reads it: money in rupees, dates `dd/mm/yyyy`, nothing as `—`. */
export function describeAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (AUDIT_MONEY_FIELDS.has(field)) {
    const rupees = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(rupees) ? formatRupees(rupees) : String(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value)) return formatDate(value);
    if (DATE_TIME.test(value)) return formatIndiaDateTime(value);
    return value;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One changed field, ready to show: its label and its values as text (`before` is null for a new record's). */
export interface AuditChangeLine {
  field: string;
  label: string;
  before: string | null;
  after: string;
}

/** Where a field comes in a text: in `AUDIT_FIELD_LABELS`' order (money first), the others after, as given. */
const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((field, i) => [field, i]));
const orderOf = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;

/**
 * The changes as lines, in one order whatever order the keys came in (stored JSON reorders them): the labelled
 * fields in `AUDIT_FIELD_LABELS`' order, then the others. A field that had no value before shows only its new value.
 */
export function auditChangeLines(changes: AuditChanges | null | undefined): AuditChangeLine[] {
  const fields = Object.entries(changes ?? {}).sort(([a], [b]) => orderOf(a) - orderOf(b));
  return fields.map(([field, values]) => {
    const [before = null, after = null] = values;
    return {
      field,
      label: auditFieldLabel(field),
      before: before === null || before === '' ? null : describeAuditValue(field, before),
      after: describeAuditValue(field, after),
    };
  });
}

/**
 * The changes as one readable text, the same on the History drawer and in the audit export:
 * `Amount: ₹ 1,20,000.00 → ₹ 1,02,000.00; Mode: Cash → Cheque`. A creation (`action` 'create', or every field
 * without a value before) reads as its values alone, `Mode: Cash`; otherwise a field that had no value reads
 * `Mode detail: — → SBI 004512`, one removed `Mode: Cash → —`; a field the same before and after names what changed
 * (a receipt's `line_id`) and reads `Receipt line: 117`. No changes give an empty text.
 */
export function describeChanges(changes: AuditChanges | null | undefined, action?: string): string {
  const lines = auditChangeLines(changes);
  const created = action === undefined ? lines.every((l) => l.before === null) : action === 'create';
  return lines
    .map((l) =>
      created || l.before === l.after ? `${l.label}: ${l.after}` : `${l.label}: ${l.before ?? '—'} → ${l.after}`,
    )
    .join('; ');
}

/** What each record type is called on screen and in the audit export (the Record type filter, the Audit table). */
export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  project: 'Project',
  plot: 'Plot',
  partner: 'Partner',
  purchase: 'Purchase',
  development: 'Development entry',
  contribution: 'Partner contribution',
  activity: 'Activity',
  sale: 'Sale',
  receipt: 'Receipt',
  payout: 'Partner payout',
  registration: 'Registration',
  user: 'User',
  settings: 'Settings',
  session: 'Sign-in',
  buyer: 'Buyer',
  hold: 'Plot hold',
  plan: 'Layout plan',
  reminder: 'Reminder',
  document: 'Document',
};

/** The Action filter's words (any action the API adds later reads as its own name). */
export const AUDIT_ACTION_LABELS: Readonly<Partial<Record<AuditAction, string>>> = {
  create: 'Created',
  update: 'Changed',
  void: 'Voided',
  delete: 'Deleted',
  status: 'Status changed',
  approve: 'Approved',
  archive: 'Archived',
  restore: 'Restored',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Signed out',
  password: 'Password changed',
  cancel: 'Cancelled',
  transfer: 'Transferred',
  reverse: 'Reversed',
  refund: 'Refund cleared',
  release: 'Released',
  send: 'Sent',
  print: 'Printed',
};
