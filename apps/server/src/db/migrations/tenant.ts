import type { Migration } from '../migrate.js';
import { tenantFunctions } from '../sql/functions.js';
import { money } from './columns.js';
import { businessModel } from './tenant-0001.js';
import { columnsAndIndexes } from './tenant-0002-0015.js';
import { buyers } from './tenant-0026-buyers.js';
import { receiptReversal } from './tenant-0027-receipt-reversal.js';
import { saleCancellations } from './tenant-0028-sale-cancellations.js';
import { saleTransfers } from './tenant-0029-sale-transfers.js';
import { saleTax } from './tenant-0030-sale-tax.js';
import { receiptsBySale } from './tenant-0031-receipts-by-sale.js';
import { plotBoard } from './tenant-0032-plot-board.js';
import { boardVersions } from './tenant-0033-board-versions.js';
import { receiptNumbers } from './tenant-0036-receipt-numbers.js';
import { collections } from './tenant-0037-collections.js';
import { saleReraMoney } from './tenant-0038-sale-rera-money.js';
import { tallyLedgers } from './tenant-0039-tally-ledgers.js';
import { reminderFailures } from './tenant-0040-reminder-failures.js';
import { overdueIndex } from './tenant-0041-overdue-index.js';

/**
 * A tenant's migrations: the versioned ones in name order (0001 in tenant-0001.ts, 0002–0015 in
 * tenant-0002-0015.ts, from 0016 here; add a new one at the end of this list), then the repeatable step that
 * (re)defines every function and trigger (db/sql/functions.ts). Never edit a landed migration; a function or trigger
 * is changed in db/sql.
 */
export const tenantMigrations: Migration[] = [
  businessModel,
  ...columnsAndIndexes,
  {
    // Money per plot and what it has paid of each installment, kept by triggers (docs/design.md §7) so the month-wise
    // reports are one grouped read of installments and plot lists read one row per plot, instead of adding up
    // every receipt and allocating every schedule on each request.
    // - receipts.installment_paise and receipt_month_totals.installment_paise: Σ of the Installment lines beside
    //   total_paise (same trigger).
    // - plot_money: Σ Completed receipts of the plot (received) and of their Installment lines, from receipts.
    // - emi_installments.paid_paise: the plot's Completed installment money allocated over its active sale's
    //   schedule oldest installment first (0 on other sales); re-allocated whenever that money changes, a schedule
    //   is written or a sale changes status. Every re-allocation holds the plot's plot_money row lock, so two
    //   writers for one plot take turns (lock order: receipts or plots/sales, then plot_money, then installments).
    name: '0016_plot_money',
    statements: (s) => [
      `alter table ${s}.receipts add column ${money('installment_paise')}`,
      `alter table ${s}.emi_installments add column paid_paise bigint not null default 0`,
      `alter table ${s}.receipt_month_totals add column installment_paise bigint not null default 0`,
      `create table ${s}.plot_money (
        plot_id integer primary key,
        ${money('received_paise')},
        ${money('installment_paise')}
      )`,
      // No foreign key to plots: its check would take a key-share lock on the plot after this row's lock, the
      // reverse of a sale's order (plot FOR UPDATE, then this row), and so could deadlock.
      `comment on table ${s}.plot_money is 'Σ Completed receipts of each plot and of their Installment lines, kept by triggers'`,
      `create unique index emi_installments_sale_no_paid_idx on ${s}.emi_installments (sale_id, installment_no) include (due_date, amount_paise, paid_paise)`,
      `drop index ${s}.emi_installments_sale_no_idx`,
      // Backfill: the receipts' installment money, then the plots' totals. The functions and triggers keeping them
      // (db/sql/plot-money.ts) are made after the versioned migrations, so nothing is counted twice; on a company
      // migrated before they moved there, they were made here (and allocated each plot's schedule).
      `update ${s}.receipts r set installment_paise = l.n
        from (select receipt_id, sum(amount_paise)::bigint as n from ${s}.receipt_lines where particular = 'Installment' group by receipt_id) l
        where l.receipt_id = r.id`,
      `update ${s}.receipt_month_totals t set installment_paise = l.n
        from (
          select project_id, date_trunc('month', line_date)::date as month, receipt_status, sum(amount_paise)::bigint as n
          from ${s}.receipt_lines where particular = 'Installment' group by 1, 2, 3
        ) l
        where l.project_id = t.project_id and l.month = t.month and l.receipt_status = t.status`,
      `insert into ${s}.plot_money (plot_id, received_paise, installment_paise)
        select plot_id, sum(total_paise), sum(installment_paise) from ${s}.receipts where status = 'Completed' group by plot_id`,
    ],
  },
  {
    // Σ of each project's purchase entries (land), development entries and active sales, kept by statement
    // triggers (one upsert per project a statement touches), so Project Wise reads one row per project instead of
    // adding up every entry of every project on each request (the bench's 20,000-entry project: 2 → 10 ms of
    // PostgreSQL time). Like receipt_month_totals, a writer holds the project's row until it commits.
    name: '0017_project_money',
    statements: (s) => [
      `create table ${s}.project_money (
        project_id integer primary key,
        land_paise bigint not null default 0,
        development_paise bigint not null default 0,
        sale_paise bigint not null default 0
      )`,
      `comment on table ${s}.project_money is 'Σ purchase entries, development entries and active sales of each project, kept by triggers'`,
      // Backfill in the migration's transaction, before the triggers (db/sql/money.ts), so nothing is counted twice.
      `insert into ${s}.project_money (project_id, land_paise, development_paise, sale_paise)
        select p.id,
          coalesce((select sum(amount_paise) from ${s}.purchase_entries where project_id = p.id), 0),
          coalesce((select sum(amount_paise) from ${s}.development_entries where project_id = p.id), 0),
          coalesce((select sum(sale_amount_paise) from ${s}.sales where project_id = p.id and status = 'Active'), 0)
        from ${s}.projects p`,
    ],
  },
  {
    // Partner Payment Details pages one partner's money of a project in (date, id) order: one range of these per
    // table instead of the project's whole range filtered row by row (its page query: 0.9 → 0.3 ms of PostgreSQL
    // time on the bench). The purchase, development and payout indexes replace the (project_id, partner_id) ones
    // they extend, which the per-partner sums still read without visiting the table.
    name: '0018_partner_detail_indexes',
    statements: (s) => [
      `create index purchase_entries_partner_page_idx on ${s}.purchase_entries (project_id, partner_id, entry_date, id) include (amount_paise)`,
      `drop index ${s}.purchase_entries_project_partner_idx`,
      `create index development_entries_partner_page_idx on ${s}.development_entries (project_id, partner_id, entry_date, id) include (amount_paise)`,
      `drop index ${s}.development_entries_project_partner_idx`,
      `create index partner_payouts_partner_page_idx on ${s}.partner_payouts (project_id, partner_id, payout_date, id) include (amount_paise)`,
      `drop index ${s}.partner_payouts_project_idx`,
      `create index receipt_lines_partner_page_idx on ${s}.receipt_lines (project_id, partner_id, line_date, id) include (amount_paise) where receipt_status = 'Completed' and partner_id is not null`,
    ],
  },
  {
    // Payment Details – Month Wise and Payment Expected – Month Wise read a project's installments by due date:
    // - emi_installments.project_id and .active (the sale's project, and whether the sale is Active), copied from the
    //   sale by triggers, so the installments of a project's active sales are one range of an index in due-date order
    //   (Payment Expected: 250 index scans of 24 installments each and a sort of 6,000 rows before);
    // - emi_month_totals: per project and month of due date, the active installments' count, Σ amount and Σ paid (the
    //   allocation, emi_installments.paid_paise), kept by statement triggers on emi_installments from the changed rows'
    //   own (project, month, active, amount, paid), so Month Wise reads one row per month instead of every installment.
    //   A sale's status moves its installments' `active` (an update of them), so a cancellation takes them out.
    // - receipt_month_totals.lines: how many lines each row adds up (Payment Receipts' counts).
    name: '0019_emi_month_totals',
    statements: (s) => [
      `alter table ${s}.emi_installments add column project_id integer`,
      `alter table ${s}.emi_installments add column active boolean`,
      `update ${s}.emi_installments i set project_id = sa.project_id, active = sa.status = 'Active'
        from ${s}.sales sa where sa.id = i.sale_id`,
      `alter table ${s}.emi_installments alter column project_id set not null`,
      `alter table ${s}.emi_installments alter column active set not null`,
      `comment on column ${s}.emi_installments.project_id is 'Copied from the sale by triggers'`,
      `comment on column ${s}.emi_installments.active is 'Whether the sale is Active, copied from the sale by triggers'`,
      `create index emi_installments_project_due_idx on ${s}.emi_installments (project_id, due_date)
        include (sale_id, amount_paise) where active`,
      `drop index ${s}.emi_installments_due_idx`,
      `create table ${s}.emi_month_totals (
        project_id integer not null,
        month date not null,
        installments integer not null default 0,
        amount_paise bigint not null default 0,
        paid_paise bigint not null default 0,
        primary key (project_id, month)
      )`,
      `comment on table ${s}.emi_month_totals is 'Count, Σ amount and Σ paid of the installments of active sales by project and month due, kept by triggers'`,
      `insert into ${s}.emi_month_totals (project_id, month, installments, amount_paise, paid_paise)
        select project_id, date_trunc('month', due_date)::date, count(*), sum(amount_paise), sum(paid_paise)
        from ${s}.emi_installments where active group by 1, 2`,
      // How many lines each receipt_month_totals row adds up, kept by the lines' trigger beside the sums, so the
      // Payment Receipts report counts a project's lines from a few rows instead of reading every line.
      `alter table ${s}.receipt_month_totals add column lines integer not null default 0`,
      `update ${s}.receipt_month_totals t set lines = l.n
        from (
          select project_id, date_trunc('month', line_date)::date as month, receipt_status, count(*)::integer as n
          from ${s}.receipt_lines group by 1, 2, 3
        ) l
        where l.project_id = t.project_id and l.month = t.month and l.receipt_status = t.status`,
    ],
  },
  {
    // Payment Expected – Month Wise lists, per month, the plots owing an installment, by due date then plot name (then
    // sale): per request that was every installment of the project joined to its plot's name and sorted (6,000 on the
    // bench). emi_due_names keeps it per project and due date: the count and Σ of the active installments due that day
    // and their plots' names as JSON strings joined by commas in that order, so the report reads a row per due date.
    // Kept by statement triggers: installments written, moved, re-amounted, activated or deactivated (a sale's status
    // moves `active`), plots renamed, a sale moved to another plot. A refresh recomputes the days it is given after
    // locking their rows in key order (a later statement, so it reads what committed while it waited).
    name: '0020_emi_due_names',
    statements: (s) => [
      `create table ${s}.emi_due_names (
        project_id integer not null,
        due_date date not null,
        installments integer not null default 0,
        amount_paise bigint not null default 0,
        names text,
        primary key (project_id, due_date)
      )`,
      `comment on table ${s}.emi_due_names is 'Count, Σ amount and plot names (JSON strings by plot name, sale) of the installments of active sales by project and due date, kept by triggers'`,
      `insert into ${s}.emi_due_names (project_id, due_date, installments, amount_paise, names)
        select i.project_id, i.due_date, count(*), sum(i.amount_paise),
          string_agg(to_json(pl.plot_name)::text, ',' order by pl.plot_name, sa.id)
        from ${s}.emi_installments i
        join ${s}.sales sa on sa.id = i.sale_id
        join ${s}.plots pl on pl.id = sa.plot_id
        where i.active
        group by 1, 2`,
      // Renamed plots: the days of their active sales' installments.
      // A sale moved to another plot: its installments' days (their names changed).
    ],
  },
  {
    // Every report total is a signed sum of the company's amounts, and the API writes it as a JavaScript number of
    // rupees: exact to the paisa only while the company's money stays within MAX_COMPANY_MONEY_PAISE (₹ 50 lakh
    // crore; beyond 2^53 paise, project-wise totals lost a paisa). company_money keeps Σ of every amount recorded
    // (purchase and development entries, sales and receipt lines of any status, payouts); a statement that raises
    // it past the limit fails with SQLSTATE PB001 (plugins/errors.ts), which the API answers with a plain message. Lowering
    // is always allowed (a company already past it can still correct). The one row is updated by every statement
    // that changes an amount, after the statement's other triggers (`zz_`, fired last): concurrent writers of
    // money wait for each other's commit here, so two writes cannot both pass the limit.
    name: '0021_company_money',
    statements: (s) => [
      `create table ${s}.company_money (
        id boolean primary key default true check (id),
        paise numeric not null default 0
      )`,
      `comment on table ${s}.company_money is 'Σ of every amount the company recorded, kept by triggers: one row'`,
      // Backfilled in the migration's transaction, before the triggers (db/sql/money.ts): nothing counted twice or missed.
      `insert into ${s}.company_money (paise) select
        coalesce((select sum(amount_paise) from ${s}.purchase_entries), 0)
        + coalesce((select sum(amount_paise) from ${s}.development_entries), 0)
        + coalesce((select sum(sale_amount_paise) from ${s}.sales), 0)
        + coalesce((select sum(amount_paise) from ${s}.receipt_lines), 0)
        + coalesce((select sum(amount_paise) from ${s}.partner_payouts), 0)`,
    ],
  },
  {
    // The audit trail (issue 19): one row per change of the company's data, appended in the transaction of the
    // change (lib/audit.ts queues them, runAsTenant writes them last, just before commit). Append-only: the
    // company's role may insert and read, never update, delete or truncate (db/tenancy.ts revokes it on every
    // migration), and the triggers in db/sql/audit.ts refuse it for anyone. `id`, `at`, `prev_hash` and `hash` are
    // set by the insert trigger under audit_head's row lock, so ids follow the chain and concurrent writers take
    // turns: each row's hash is sha256 of its canonical text, which holds the previous row's hash.
    // The CHECK lists are AUDIT_ENTITIES and AUDIT_ACTIONS (packages/domain constants.ts, held by test/schema.test.ts).
    name: '0022_audit_trail',
    statements: (s) => [
      `create table ${s}.audit_trail (
        id bigint primary key,
        at timestamptz not null,
        user_id integer,
        user_name text,
        client_address text,
        request_id text,
        entity text not null check (entity in ('project', 'plot', 'partner', 'purchase', 'development', 'contribution', 'activity', 'sale', 'receipt', 'payout', 'registration', 'user', 'settings', 'session')),
        entity_id bigint,
        action text not null check (action in ('create', 'update', 'void', 'delete', 'status', 'approve', 'archive', 'sign-in', 'sign-in-failed', 'sign-out', 'password')),
        changes jsonb not null default '{}',
        reason text,
        prev_hash text not null,
        hash text not null
      )`,
      `comment on table ${s}.audit_trail is 'Append-only trail of every change, hash-chained in id order (db/sql/audit.ts)'`,
      `create index audit_trail_entity_idx on ${s}.audit_trail (entity, entity_id, id)`,
      `create index audit_trail_user_idx on ${s}.audit_trail (user_id, id)`,
      `create table ${s}.audit_head (
        id boolean primary key default true check (id),
        last_id bigint not null default 0,
        hash text not null default ''
      )`,
      `comment on table ${s}.audit_head is 'The audit chain''s last id and hash: one row, locked by each append'`,
      `insert into ${s}.audit_head default values`,
    ],
  },
  {
    // Voids instead of deletes for money (issue 19): a purchase or development entry (a partner contribution is one),
    // a receipt line or a payout is never deleted by the app; voiding it sets voided_at, voided_by and void_reason
    // (all three or none; the reason not blank). The rows live on in `<name>_rows`; the old name is a view of the
    // live rows (`where voided_at is null`), automatically updatable, so every read and writer that names the old
    // table leaves voided rows out by construction. The triggers sit on the base tables (db/sql/money.ts,
    // receipts.ts: a voided row counts as absent, so a void is an update that subtracts); the void writers and the
    // "show voided" lists name the base table (VOIDABLE in db/types.ts).
    name: '0023_voids',
    statements: (s) =>
      (
        [
          ['purchase_entries', 'purchase_entry_rows'],
          ['development_entries', 'development_entry_rows'],
          ['receipt_lines', 'receipt_line_rows'],
          ['partner_payouts', 'partner_payout_rows'],
        ] as const
      )
        .flatMap(([view, base]) => [
          `alter table ${s}.${view}
          add column voided_at timestamptz,
          add column voided_by integer references ${s}.users (id),
          add column void_reason text,
          add constraint ${view}_void_check check (
            (voided_at is null and voided_by is null and void_reason is null)
            or (voided_at is not null and voided_by is not null and length(trim(void_reason)) > 0)
          )`,
          `alter table ${s}.${view} rename to ${base}`,
          // security_invoker (PostgreSQL 15+): the base table is read with the caller's rights, the company role's, so a
          // company reaches another's rows through a view no more than through a table.
          `create view ${s}.${view} with (security_invoker = true) as select * from ${s}.${base} where voided_at is null`,
          `comment on table ${s}.${base} is 'Every row, voided ones too (voided_at set); the live rows are the view ${view}'`,
          `comment on view ${s}.${view} is 'The live rows of ${base} (not voided); reads and writes go through it'`,
        ])
        .concat(
          // The indexes that answer a count and Σ from the index alone (index-only scans) carry voided_at too, so the
          // views' `voided_at is null` is answered from them as well, and a "show voided" list still pages by them.
          (
            [
              [
                'purchase_entries_project_page_idx',
                'purchase_entry_rows (project_id, entry_date, id)',
                'amount_paise',
                '',
              ],
              [
                'purchase_entries_partner_page_idx',
                'purchase_entry_rows (project_id, partner_id, entry_date, id)',
                'amount_paise',
                '',
              ],
              [
                'development_entries_project_page_idx',
                'development_entry_rows (project_id, entry_date, id)',
                'amount_paise',
                '',
              ],
              [
                'development_entries_plot_page_idx',
                'development_entry_rows (project_id, plot_id, entry_date, id)',
                'amount_paise',
                '',
              ],
              [
                'development_entries_partner_page_idx',
                'development_entry_rows (project_id, partner_id, entry_date, id)',
                'amount_paise',
                '',
              ],
              [
                'receipt_lines_project_line_page_idx',
                'receipt_line_rows (project_id, line_date, id)',
                'amount_paise',
                '',
              ],
              [
                'receipt_lines_project_status_month_idx',
                'receipt_line_rows (project_id, receipt_status, line_date)',
                'particular, amount_paise, receipt_id',
                '',
              ],
              [
                'receipt_lines_partner_money_idx',
                'receipt_line_rows (project_id, line_date, id)',
                'partner_id, amount_paise',
                ` where receipt_status = 'Completed' and partner_id is not null`,
              ],
              [
                'receipt_lines_partner_page_idx',
                'receipt_line_rows (project_id, partner_id, line_date, id)',
                'amount_paise',
                ` where receipt_status = 'Completed' and partner_id is not null`,
              ],
              [
                'partner_payouts_project_page_idx',
                'partner_payout_rows (project_id, payout_date, id)',
                'amount_paise',
                '',
              ],
              [
                'partner_payouts_partner_page_idx',
                'partner_payout_rows (project_id, partner_id, payout_date, id)',
                'amount_paise',
                '',
              ],
            ] as const
          ).flatMap(([name, on, include, where]) => [
            `drop index ${s}.${name}`,
            `create index ${name} on ${s}.${on} include (${include}, voided_at)${where}`,
          ]),
        ),
  },
  {
    // Archive, not delete (issue 19): master data that money refers to (projects, plots, partners) is archived,
    // kept for the reports and history, and left out of the pickers; a restore brings it back. The trail gains
    // 'restore' (AUDIT_ACTIONS, packages/domain constants.ts): the CHECK list is replaced whole.
    name: '0024_archived',
    statements: (s) => [
      ...['projects', 'plots', 'partners'].map(
        (table) =>
          `alter table ${s}.${table} add column archived_at timestamptz, add column archived_by integer, add column archive_reason text`,
      ),
      `alter table ${s}.audit_trail drop constraint audit_trail_action_check`,
      `alter table ${s}.audit_trail add constraint audit_trail_action_check check (action in ('create', 'update', 'void', 'delete', 'status', 'approve', 'archive', 'restore', 'sign-in', 'sign-in-failed', 'sign-out', 'password'))`,
    ],
  },
  {
    // A sale's whole life (issue 20): the vocabulary the buyers, corrections, cancellations, transfers and tax rules
    // share, in one step so the CHECK lists are replaced whole once. Receipt lines gain 'Transfer Fee' and
    // 'TDS (194-IA)' (RECEIPT_PARTICULARS); the trail gains the entity 'buyer' and the actions 'cancel', 'transfer',
    // 'reverse' and 'refund' (AUDIT_ENTITIES, AUDIT_ACTIONS in packages/domain constants.ts).
    name: '0025_sale_vocabulary',
    statements: (s) => [
      `alter table ${s}.receipt_line_rows drop constraint receipt_lines_particular_check`,
      `alter table ${s}.receipt_line_rows add constraint receipt_lines_particular_check check (particular in ('Advance', 'Visarpawati', 'Installment', 'Booking', 'Transfer Fee', 'TDS (194-IA)'))`,
      `alter table ${s}.audit_trail drop constraint audit_trail_entity_check`,
      `alter table ${s}.audit_trail add constraint audit_trail_entity_check check (entity in ('project', 'plot', 'partner', 'purchase', 'development', 'contribution', 'activity', 'sale', 'receipt', 'payout', 'registration', 'user', 'settings', 'session', 'buyer'))`,
      `alter table ${s}.audit_trail drop constraint audit_trail_action_check`,
      `alter table ${s}.audit_trail add constraint audit_trail_action_check check (action in ('create', 'update', 'void', 'delete', 'status', 'approve', 'archive', 'restore', 'sign-in', 'sign-in-failed', 'sign-out', 'password', 'cancel', 'transfer', 'reverse', 'refund'))`,
    ],
  },
  buyers,
  receiptReversal,
  saleCancellations,
  saleTransfers,
  saleTax,
  receiptsBySale,
  plotBoard,
  boardVersions,
  receiptNumbers,
  collections,
  saleReraMoney,
  tallyLedgers,
  reminderFailures,
  overdueIndex,
  tenantFunctions,
];
