import type { Migration } from '../migrate.js';

/** The tenant migrations after the first, up to the totals kept by triggers (0016): columns and indexes. */
export const columnsAndIndexes: Migration[] = [
  {
    // Self-registered users wait for a verified email and a tenant admin's approval; everyone else is active.
    name: '0002_user_approval',
    statements: (s) => [
      `alter table ${s}.users add column email_verified boolean not null default true`,
      `alter table ${s}.users add column approved boolean not null default true`,
      `alter table ${s}.users add column email_verification_hash text unique`,
      `alter table ${s}.users add column email_verification_expires_at timestamptz`,
    ],
  },
  {
    // The triggers always fill these copies; say so to the database, as db/types.ts already does.
    name: '0007_receipt_line_copies_not_null',
    statements: (s) => [
      `alter table ${s}.receipt_lines alter column project_id set not null`,
      `alter table ${s}.receipt_lines alter column receipt_status set not null`,
    ],
  },
  {
    // The hash of the request body an Idempotency-Key was first used with: the same key with another body is
    // refused instead of replayed. Keys stored before this have none and still replay.
    name: '0003_idempotency_request_hash',
    statements: (s) => [`alter table ${s}.idempotency_keys add column request_hash text`],
  },
  {
    // Keyset paging (lib/paging.ts) reads each list in (date, id) order from one index range, and the totals
    // of a list (count, Σ amount) come from the same index without visiting the table. These replace the
    // indexes they extend.
    name: '0005_list_paging_indexes',
    statements: (s) => [
      `drop index ${s}.purchase_entries_project_idx`,
      `create index purchase_entries_project_page_idx on ${s}.purchase_entries (project_id, entry_date, id) include (amount_paise)`,
      `drop index ${s}.development_entries_project_idx`,
      `create index development_entries_project_page_idx on ${s}.development_entries (project_id, entry_date, id) include (amount_paise)`,
      `create index development_entries_plot_page_idx on ${s}.development_entries (project_id, plot_id, entry_date, id) include (amount_paise)`,
      `drop index ${s}.activities_project_idx`,
      `create index activities_project_page_idx on ${s}.activities (project_id, created_at, id)`,
    ],
  },
  {
    // A sale may name its buyer (docs/design.md §7); spec clients that send none still work. At most one Active sale
    // per plot is already guaranteed by sales_one_active_per_plot (0001).
    name: '0008_sale_buyer',
    statements: (s) => [
      `alter table ${s}.sales add column buyer_name text`,
      `alter table ${s}.sales add column buyer_mobile text`,
    ],
  },
  {
    // Keyset pages (lib/paging.ts) of Registered Plots, of a project's receipt lines on Payment To Partner and of
    // its partner payouts: each page is one index range, and the list's Σ amount comes from the same index.
    name: '0010_registrations_payouts',
    statements: (s) => [
      `create index registrations_page_idx on ${s}.registrations (registration_date, id)`,
      `create index receipt_lines_project_line_page_idx on ${s}.receipt_lines (project_id, line_date, id) include (amount_paise)`,
      `create index partner_payouts_project_page_idx on ${s}.partner_payouts (project_id, payout_date, id) include (amount_paise)`,
    ],
  },
  {
    // Payment Details – Month Wise sums a project's Completed receipt lines by month and particular: one index
    // range, read without visiting the table.
    name: '0012_report_indexes',
    statements: (s) => [
      `create index receipt_lines_project_status_date_idx on ${s}.receipt_lines (project_id, receipt_status, line_date) include (particular, amount_paise)`,
    ],
  },
  {
    // The partner reports list (and sum) a project's Completed receipt lines credited to a partner in (date, id)
    // order, a page at a time: one range of this small index instead of every line of the project.
    name: '0013_partner_report_lines',
    statements: (s) => [
      `create index receipt_lines_partner_money_idx on ${s}.receipt_lines (project_id, line_date, id) include (partner_id, amount_paise) where receipt_status = 'Completed' and partner_id is not null`,
    ],
  },
  {
    // The month-wise reports allocate each plot's Installment money over its schedule in SQL, and Project Wise /
    // Plot Details sum a project's active sales: each input is one index range read without visiting the table.
    // Each index replaces the one it extends (the unique installment index still enforces one number per sale).
    name: '0014_month_reports',
    statements: (s) => [
      `create index sales_project_money_idx on ${s}.sales (project_id, status) include (id, plot_id, sale_amount_paise)`,
      `drop index ${s}.sales_project_idx`,
      `create unique index emi_installments_sale_no_idx on ${s}.emi_installments (sale_id, installment_no) include (due_date, amount_paise)`,
      `alter table ${s}.emi_installments drop constraint emi_installments_sale_id_installment_no_key`,
      `create index receipts_project_plot_idx on ${s}.receipts (project_id, status, plot_id) include (id, total_paise)`,
      `drop index ${s}.receipts_project_idx`,
      `create index receipt_lines_project_status_month_idx on ${s}.receipt_lines (project_id, receipt_status, line_date) include (particular, amount_paise, receipt_id)`,
      `drop index ${s}.receipt_lines_project_status_date_idx`,
    ],
  },
  {
    // Payment To Partner's summary (and the partner reports) sum a project's purchase and development entries by
    // partner: one index range per table, grouped in index order and read without visiting the table. (The
    // Completed, partner-credited receipt lines come from 0013_partner_report_lines' index.)
    name: '0015_list_indexes',
    statements: (s) => [
      `create index purchase_entries_project_partner_idx on ${s}.purchase_entries (project_id, partner_id) include (amount_paise)`,
      `create index development_entries_project_partner_idx on ${s}.development_entries (project_id, partner_id) include (amount_paise)`,
    ],
  },
];
