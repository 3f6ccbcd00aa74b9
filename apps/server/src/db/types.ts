import type {
  DOCUMENT_KINDS,
  Facing,
  HOLD_END_REASONS,
  LOGO_MIME_TYPES,
  Paise,
  PLAN_KINDS,
  PLAN_MIME_TYPES,
  REMINDER_KINDS,
  ReceiptStatus,
} from '@plotbook/domain';
import type { ColumnType, Generated } from 'kysely';

// Every `*_paise` column is typed Paise: the driver hands int8 over as a plain number (db/type-parsers.ts), and these
// row types are where that number is taken to be paise (the brand is erased at run time). An insert or update must
// be given Paise, so a rupee number cannot reach a money column.

/** `date` columns are read as `YYYY-MM-DD` strings on both engines (see engine.ts). */
type DateOnly = ColumnType<string, string, string>;

export type * from './platform-types.js';

// ---- tenant schema ----
export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  email_id: string;
  mobile_number: string | null;
  city: string | null;
  password_hash: string;
  role: 'TENANT_ADMIN' | 'USER';
  reset_password_required: Generated<boolean>;
  token_version: Generated<number>;
  temp_password_hash: string | null;
  temp_password_expires_at: Date | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  email_verified: Generated<boolean>;
  approved: Generated<boolean>;
  email_verification_hash: string | null;
  email_verification_expires_at: Date | null;
}

export interface ProjectsTable {
  id: Generated<number>;
  project_name: string;
  city: string;
  total_area: number;
  total_rate: number;
  total_amount_paise: Paise;
  saleable_option: Generated<boolean>;
  road_area: Generated<number>;
  mandir_area: Generated<number>;
  amenities_area: Generated<number>;
  saleable_area: number;
  status: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Set when archived (0024_archived): kept for reports and history, left out of the pickers. */
  archived_at: Date | null;
  archived_by: number | null;
  archive_reason: string | null;
}

export interface PlotsTable {
  id: Generated<number>;
  project_id: number;
  plot_name: string;
  total_plot_size: number;
  plot_number: string | null;
  created_at: Generated<Date>;
  /** Set when archived (0024_archived): kept for reports and history, left out of the pickers. */
  archived_at: Date | null;
  archived_by: number | null;
  archive_reason: string | null;
  /** The board's price and place (0032_plot_board): a list rate per sq ft or a whole list price, facing, corner. */
  list_rate_paise: Paise | null;
  list_price_paise: Paise | null;
  facing: Facing | null;
  corner: Generated<boolean>;
  sector: string | null;
}

export interface PartnersTable {
  id: Generated<number>;
  partner_name: string;
  city: string;
  email: string | null;
  phone: string | null;
  created_at: Generated<Date>;
  /** Set when archived (0024_archived): kept for reports and history, left out of the pickers. */
  archived_at: Date | null;
  archived_by: number | null;
  archive_reason: string | null;
}

export interface PartnerProjectsTable {
  partner_id: number;
  project_id: number;
  percentage_share: number | null;
}

interface MoneyEntry {
  id: Generated<number>;
  project_id: number;
  partner_id: number | null;
  particular: string;
  entry_date: DateOnly;
  mode: string;
  mode_detail: string | null;
  credit_to: string | null;
  mode_date: DateOnly | null;
  amount_paise: Paise;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Set, all three or none, when the row is voided (migration 0023); the view under the old name hides it. */
  voided_at: Date | null;
  voided_by: number | null;
  void_reason: string | null;
}

export type PurchaseEntriesTable = MoneyEntry;

export interface DevelopmentEntriesTable extends MoneyEntry {
  plot_id: number | null;
  category: 'per_sqft' | 'per_plot' | 'per_project';
}

export interface SalesTable {
  id: Generated<number>;
  project_id: number;
  plot_id: number;
  sale_date: DateOnly;
  sale_amount_paise: Paise;
  payment_type: 'Cash' | 'EMI';
  advance_amount_paise: Generated<Paise>;
  visarpawati_amount_paise: Generated<Paise>;
  emi_total_paise: Generated<Paise>;
  emi_duration: number | null;
  monthly_amount_paise: Generated<Paise>;
  emi_date: DateOnly | null;
  status: Generated<'Active' | 'Cancelled'>;
  created_by: number | null;
  created_at: Generated<Date>;
  buyer_name: string | null;
  buyer_mobile: string | null;
  /** The sale's buyer (0026_buyers); null for a sale made without one. */
  buyer_id: number | null;
  /** RERA s.13: the agreement for sale's registration date (0030_sale_tax). */
  agreement_date: DateOnly | null;
  /** Σ transfer fees charged on the sale (0029): owed = sale amount + this. */
  transfer_fee_paise: Generated<Paise>;
}

/** Each hand-over of a sale to another buyer (0029_sale_transfers). */
export interface SaleTransfersTable {
  id: Generated<number>;
  sale_id: number;
  transfer_date: DateOnly;
  from_buyer_id: number | null;
  to_buyer_id: number;
  fee_paise: Paise;
  reason: string;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A co-buyer as stored in `buyers.co_buyers`. */
export interface CoBuyerJson {
  name: string;
  relation: string | null;
  pan: string | null;
}

/** A buyer's nominee as stored in `buyers.nominee`. */
export interface NomineeJson {
  name: string;
  relation: string | null;
}

/** The buyers of the company (0026_buyers): mobile normalised and unique where present; Aadhaar's last 4 only. */
export interface BuyersTable {
  id: Generated<number>;
  name: string;
  relative_name: string | null;
  mobile: string | null;
  alternate_mobile: string | null;
  email: string | null;
  address: string | null;
  pan: string | null;
  aadhaar_last4: string | null;
  co_buyers: ColumnType<CoBuyerJson[], string, string>;
  nominee: ColumnType<NomineeJson | null, string | null, string | null>;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface EmiInstallmentsTable {
  id: Generated<number>;
  sale_id: number;
  installment_no: number;
  due_date: DateOnly;
  amount_paise: Paise;
  /** What the plot's Completed installment money pays of it (active sale, oldest first; else 0), kept by triggers. */
  paid_paise: Generated<Paise>;
  /** The sale's project, and whether the sale is Active: copied from the sale by triggers (0019_emi_month_totals). */
  project_id: Generated<number>;
  active: Generated<boolean>;
}

/**
 * Count, Σ amount and the plots' names of the installments of active sales by project and due date, kept by triggers
 * (0020_emi_due_names): the names as JSON strings joined by commas, by plot name then sale; null when none.
 */
export interface EmiDueNamesTable {
  project_id: number;
  due_date: DateOnly;
  installments: number;
  amount_paise: Paise;
  names: string | null;
}

/** Count, Σ amount and Σ paid of the installments of active sales by project and month due, kept by triggers. */
export interface EmiMonthTotalsTable {
  project_id: number;
  /** The first day of the month. */
  month: DateOnly;
  installments: number;
  amount_paise: Paise;
  paid_paise: Paise;
}

export interface ReceiptsTable {
  id: Generated<number>;
  project_id: number;
  plot_id: number;
  sale_id: number | null;
  status: ReceiptStatus;
  /** Σ of the receipt's lines (kept in the same transaction as the lines). */
  total_paise: Generated<Paise>;
  /** Σ of the receipt's Installment lines, kept by the same trigger. */
  installment_paise: Generated<Paise>;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Set, all three or none, when the receipt is Reversed (migration 0027). */
  reversed_at: Generated<Date | null>;
  reversed_by: Generated<number | null>;
  reverse_reason: Generated<string | null>;
  /** The receipt's number in the company's series (0036), given when it becomes Completed. */
  receipt_no: Generated<string | null>;
  /** A reversal's own number in the same series. */
  reversal_no: Generated<string | null>;
}

export interface ReceiptLinesTable {
  id: Generated<number>;
  receipt_id: number;
  particular: string;
  line_date: DateOnly;
  mode: string;
  mode_detail: string | null;
  credit_to: string | null;
  mode_date: DateOnly | null;
  amount_paise: Paise;
  partner_id: number | null;
  /** Copied from the receipt by triggers (sale_id: 0038). */
  project_id: Generated<number>;
  receipt_status: Generated<ReceiptStatus>;
  sale_id: Generated<number | null>;
  /** Set, all three or none, when the row is voided (migration 0023); the view under the old name hides it. */
  voided_at: Date | null;
  voided_by: number | null;
  void_reason: string | null;
}

export interface ReceiptMonthTotalsTable {
  project_id: number;
  /** First day of the month. */
  month: string;
  status: ReceiptStatus;
  total_paise: Paise;
  /** The part of total_paise from Installment lines. */
  installment_paise: Generated<Paise>;
  /** How many lines the row adds up (0019_emi_month_totals). */
  lines: Generated<number>;
}

/** Σ Completed receipts of a plot and of their Installment lines, kept by triggers (0016_plot_money). */
export interface PlotMoneyTable {
  plot_id: number;
  received_paise: Generated<Paise>;
  installment_paise: Generated<Paise>;
}

/** Σ purchase entries (land), development entries and active sales of a project, kept by triggers (0017). */
export interface ProjectMoneyTable {
  project_id: number;
  land_paise: Generated<Paise>;
  development_paise: Generated<Paise>;
  sale_paise: Generated<Paise>;
}

/** Σ of every amount the company recorded, kept by triggers (0021_company_money): one row. */
export interface CompanyMoneyTable {
  id: Generated<boolean>;
  paise: Generated<Paise>;
}

/** A cancelled sale's refund and retained money (0028_sale_cancellations): refund + retained = received. */
export interface SaleCancellationsTable {
  id: Generated<number>;
  sale_id: number;
  project_id: number;
  plot_id: number;
  cancel_date: DateOnly;
  reason: string;
  received_paise: Paise;
  refund_paise: Paise;
  retained_paise: Paise;
  refund_mode: string | null;
  mode_detail: string | null;
  refund_status: 'Pending' | 'Completed';
  refund_paid_date: DateOnly | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** How much of a cancellation's refund each partner paid back (0028_sale_cancellations). */
export interface SaleRefundDebitsTable {
  id: Generated<number>;
  cancellation_id: number;
  partner_id: number;
  amount_paise: Paise;
}

export interface ActivitiesTable {
  id: Generated<number>;
  project_id: number;
  activity_type: string;
  activity_name: string;
  status: Generated<'Active' | 'Inactive'>;
  created_at: Generated<Date>;
}

export interface RegistrationsTable {
  id: Generated<number>;
  plot_id: number;
  registration_office: string;
  registration_date: DateOnly;
  document_no: string;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface PartnerPayoutsTable {
  id: Generated<number>;
  project_id: number;
  partner_id: number;
  payout_date: DateOnly;
  mode: string;
  mode_detail: string | null;
  amount_paise: Paise;
  note: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Set, all three or none, when the row is voided (migration 0023); the view under the old name hides it. */
  voided_at: Date | null;
  voided_by: number | null;
  void_reason: string | null;
}

export interface IdempotencyKeysTable {
  key: string;
  user_id: number;
  status_code: number;
  response: unknown | null;
  /** sha256 of the validated request body; null for keys stored before migration 0003. */
  request_hash: string | null;
  created_at: Generated<Date>;
}

/** Append-only (db/sql/audit.ts): `id`, `at`, `prev_hash` and `hash` are set by the insert trigger. */
export interface AuditTrailTable {
  id: ColumnType<number, never, never>;
  at: ColumnType<Date, never, never>;
  user_id: number | null;
  user_name: string | null;
  client_address: string | null;
  request_id: string | null;
  entity: string;
  entity_id: number | null;
  action: string;
  /** Each changed field as [before, after] (a JSON object by field), money in paise. */
  changes: ColumnType<unknown, string, never>;
  reason: string | null;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** The audit chain's head: one row, written only by the audit trail's insert trigger. */
export interface AuditHeadTable {
  id: Generated<boolean>;
  last_id: Generated<number>;
  hash: Generated<string>;
}

/** The company's tax and cash rules of a plot sale: one row (0030_sale_tax); rates in hundredths of a percent. */
export interface CompanySettingsTable {
  id: Generated<boolean>;
  tds_threshold_paise: Generated<Paise>;
  tds_rate_hundredths: Generated<number>;
  cash_limit_paise: Generated<Paise>;
  cash_rule: Generated<'warn' | 'refuse'>;
  rera_limit_hundredths: Generated<number>;
  updated_at: Date | null;
  updated_by: number | null;
  /** Late-payment interest and automatic reminders (0037_collections), off by default. */
  late_interest_enabled: Generated<boolean>;
  late_interest_rate_hundredths: Generated<number>;
  late_interest_grace_days: Generated<number>;
  auto_reminders_enabled: Generated<boolean>;
  remind_days_before: Generated<number>;
  remind_days_after: Generated<number>;
}

/** A plot held for a buyer (0032_plot_board): live while `ended_at` is null and `held_until` is in the future. */
export interface PlotHoldsTable {
  id: Generated<number>;
  plot_id: number;
  project_id: number;
  buyer_id: number;
  note: string | null;
  held_from: Generated<Date>;
  held_until: Date;
  held_by: number;
  ended_at: Date | null;
  ended_by: number | null;
  end_reason: (typeof HOLD_END_REASONS)[number] | null;
}

/** A project's layout plan (0032_plot_board): a sanitised SVG or an image, one per project. */
export interface ProjectPlansTable {
  project_id: number;
  kind: (typeof PLAN_KINDS)[number];
  mime: (typeof PLAN_MIME_TYPES)[number];
  content: Buffer;
  file_name: string | null;
  uploaded_by: number | null;
  uploaded_at: Generated<Date>;
}

/** The plot board's version per project, raised at commit by the triggers of db/sql/board.ts (0033_board_versions). */
export interface BoardVersionsTable {
  project_id: number;
  version: Generated<number>;
}

/** Σ each sale's Completed live receipt lines dated before its agreement date (0038), kept by triggers. */
export interface SaleReraMoneyTable {
  sale_id: number;
  before_agreement_paise: Generated<Paise>;
}

/** The Tally export's ledger mapping (0039_tally_ledgers): one row, `TallyLedgers` as JSON; none = the defaults. */
export interface TallyLedgersTable {
  id: Generated<boolean>;
  ledgers: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** A reminder of an installment sent to its buyer (0037_collections); `sent_by` null: the server's own. */
export interface InstallmentRemindersTable {
  id: Generated<number>;
  installment_id: number;
  sale_id: number;
  buyer_id: number | null;
  recipient: string;
  kind: (typeof REMINDER_KINDS)[number];
  sent_at: Date;
  sent_by: number | null;
  /** When its mail could not be sent (0040_reminder_failures): such a reminder does not count as sent. */
  failed_at: ColumnType<Date | null, never, Date>;
}

/** One counter row per Indian financial year (0036_receipt_numbers): the next receipt number of that year. */
export interface ReceiptSeriesTable {
  fy_start: number;
  next_no: number;
}

/** The company's letterhead and receipt prefix (0036_receipt_numbers): one row. */
export interface CompanyProfileTable {
  id: Generated<boolean>;
  company_name: string | null;
  address: string | null;
  gstin: string | null;
  pan: string | null;
  rera_no: string | null;
  receipt_prefix: Generated<string>;
  logo: Buffer | null;
  logo_mime: (typeof LOGO_MIME_TYPES)[number] | null;
  updated_at: Date | null;
  updated_by: number | null;
}

/** How many times a receipt or an allotment letter was printed (0036): a reprint says DUPLICATE. */
export interface DocumentCopiesTable {
  kind: (typeof DOCUMENT_KINDS)[number];
  ref_id: number;
  copies: number;
  first_printed_at: Generated<Date>;
  last_printed_at: Generated<Date>;
}

export interface TenantTables {
  users: UsersTable;
  projects: ProjectsTable;
  plots: PlotsTable;
  partners: PartnersTable;
  partner_projects: PartnerProjectsTable;
  /** A view: the live rows of purchase_entry_rows (so are the other voidable tables' views, VOIDABLE). */
  purchase_entries: PurchaseEntriesTable;
  purchase_entry_rows: PurchaseEntriesTable;
  development_entries: DevelopmentEntriesTable;
  development_entry_rows: DevelopmentEntriesTable;
  sales: SalesTable;
  sale_transfers: SaleTransfersTable;
  buyers: BuyersTable;
  emi_installments: EmiInstallmentsTable;
  emi_month_totals: EmiMonthTotalsTable;
  emi_due_names: EmiDueNamesTable;
  receipts: ReceiptsTable;
  sale_cancellations: SaleCancellationsTable;
  sale_refund_debits: SaleRefundDebitsTable;
  receipt_lines: ReceiptLinesTable;
  receipt_line_rows: ReceiptLinesTable;
  receipt_month_totals: ReceiptMonthTotalsTable;
  plot_money: PlotMoneyTable;
  project_money: ProjectMoneyTable;
  company_money: CompanyMoneyTable;
  activities: ActivitiesTable;
  registrations: RegistrationsTable;
  partner_payouts: PartnerPayoutsTable;
  partner_payout_rows: PartnerPayoutsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_trail: AuditTrailTable;
  audit_head: AuditHeadTable;
  company_settings: CompanySettingsTable;
  plot_holds: PlotHoldsTable;
  project_plans: ProjectPlansTable;
  board_versions: BoardVersionsTable;
  sale_rera_money: SaleReraMoneyTable;
  tally_ledgers: TallyLedgersTable;
  installment_reminders: InstallmentRemindersTable;
  receipt_series: ReceiptSeriesTable;
  company_profile: CompanyProfileTable;
  document_copies: DocumentCopiesTable;
}

/**
 * The voidable money tables (migration 0023): the view every read and writer names (live rows only) → the base
 * table holding every row, which only the void writers and the "show voided" lists name.
 */
export const VOIDABLE = {
  purchase_entries: 'purchase_entry_rows',
  development_entries: 'development_entry_rows',
  receipt_lines: 'receipt_line_rows',
  partner_payouts: 'partner_payout_rows',
} as const;
