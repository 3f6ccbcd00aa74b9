import { type Paise, paise, type ReminderKind } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/**
 * Collections' SQL: the installments of active sales due in a range of dates with what installment money has paid
 * of each (`emi_installments.paid_paise`, the oldest-first allocation triggers keep), their buyer, plot and project,
 * and their latest reminder. Whether one is overdue is the domain's `installmentState`, applied by the service to
 * these rows, never decided here.
 */
export interface InstallmentRow {
  installmentId: number;
  saleId: number;
  installmentNo: number;
  dueDate: string;
  amountPaise: Paise;
  paidPaise: Paise;
  projectId: number;
  projectName: string;
  plotId: number;
  plotName: string;
  buyerId: number | null;
  buyerName: string | null;
  mobile: string | null;
  email: string | null;
  lastReminderAt: Date | null;
  lastReminderTo: string | null;
  reminders: number;
}

function installmentsQuery(tdb: TenantDb) {
  return (
    tdb
      .selectFrom('emi_installments as i')
      .innerJoin('sales as s', 's.id', 'i.sale_id')
      .innerJoin('plots as pl', 'pl.id', 's.plot_id')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .leftJoin('buyers as b', 'b.id', 's.buyer_id')
      // Each installment's reminders that went out, read by its index (installment, newest first): never the
      // company's whole log.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('installment_reminders as ir')
            .select([
              sql<Date | null>`max(ir.sent_at)`.as('last_at'),
              sql<string | null>`(array_agg(ir.recipient order by ir.sent_at desc))[1]`.as('last_to'),
              sql<number>`count(*)`.as('reminders'),
            ])
            .whereRef('ir.installment_id', '=', 'i.id')
            .where('ir.failed_at', 'is', null)
            .as('r'),
        (join) => join.onTrue(),
      )
      .select([
        'i.id as installment_id',
        'i.sale_id',
        'i.installment_no',
        'i.due_date',
        'i.amount_paise',
        'i.paid_paise',
        's.project_id',
        'p.project_name',
        's.plot_id',
        'pl.plot_name',
        's.buyer_id',
        // The buyer as the sales listing names them: the buyer record, else the spec's fields on the sale.
        sql<string | null>`coalesce(b.name, s.buyer_name)`.as('buyer_name'),
        sql<string | null>`coalesce(b.mobile, s.buyer_mobile)`.as('mobile'),
        'b.email',
        'r.last_at',
        'r.last_to',
        'r.reminders',
      ])
      .where('s.status', '=', sql.lit('Active'))
      .where('i.active', '=', sql.lit(true))
  );
}

type Raw = Awaited<ReturnType<ReturnType<typeof installmentsQuery>['execute']>>[number];

const toRow = (r: Raw): InstallmentRow => ({
  installmentId: r.installment_id,
  saleId: r.sale_id,
  installmentNo: r.installment_no,
  dueDate: r.due_date,
  amountPaise: paise(Number(r.amount_paise)),
  paidPaise: paise(Number(r.paid_paise)),
  projectId: r.project_id,
  projectName: r.project_name,
  plotId: r.plot_id,
  plotName: r.plot_name,
  buyerId: r.buyer_id,
  buyerName: r.buyer_name,
  mobile: r.mobile,
  email: r.email,
  lastReminderAt: r.last_at ? new Date(r.last_at) : null,
  lastReminderTo: r.last_to,
  reminders: Number(r.reminders ?? 0),
});

/**
 * Installments of active sales not paid in full, due in [from, before) (`from` null: since ever), in a project or all,
 * by due date.
 */
export async function installmentsDue(
  tdb: TenantDb,
  range: { from: string | null; before: string },
  projectId: number | null,
): Promise<InstallmentRow[]> {
  // Not paid in full: what an overdue or a reminded installment is at least (the domain's `installmentState` still
  // decides); it matches 0041's partial index, so paid installments are never read.
  let query = installmentsQuery(tdb)
    .where('i.due_date', '<', range.before)
    .whereRef('i.paid_paise', '<', 'i.amount_paise');
  if (range.from !== null) query = query.where('i.due_date', '>=', range.from);
  if (projectId !== null) query = query.where('i.project_id', '=', projectId);
  const rows = await query.orderBy('i.due_date').orderBy('i.id').execute();
  return rows.map(toRow);
}

/** The installments with these ids (of active sales), by due date. */
export async function installmentsByIds(tdb: TenantDb, ids: readonly number[]): Promise<InstallmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await installmentsQuery(tdb)
    .where('i.id', 'in', [...ids])
    .orderBy('i.due_date')
    .orderBy('i.id')
    .execute();
  return rows.map(toRow);
}

export async function projectExists(tdb: TenantDb, projectId: number): Promise<boolean> {
  return (await tdb.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst()) !== undefined;
}

/**
 * The company's reminders lock, held to the end of the transaction: reminders of the company are decided (the
 * 24-hour rule read) and logged one transaction at a time, on every app server (PostgreSQL advisory locks are the
 * database server's, not a connection's). Keyed by the company's schema, so companies do not wait on each other.
 */
export async function lockReminders(tdb: TenantDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REMINDER_LOCK_CLASS}, hashtext(current_schema()))`.execute(tdb);
}

/**
 * `lockReminders` for the automatic run: false at once when another server holds it (it is sending; this one
 * skips the company this time) instead of waiting.
 */
export async function tryLockReminders(tdb: TenantDb): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${REMINDER_LOCK_CLASS}, hashtext(current_schema())) as locked`.execute(tdb);
  return rows[0]?.locked === true;
}

/** The advisory lock's first key: reminders (any fixed int4 of our own). */
const REMINDER_LOCK_CLASS = 22_0003;

/** The automatic reminders already sent of these installments: `installmentId:kind`. */
export async function autoRemindersSent(tdb: TenantDb, ids: readonly number[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tdb
    .selectFrom('installment_reminders')
    .select(['installment_id', 'kind'])
    .where('installment_id', 'in', [...ids])
    .where('kind', '<>', sql.lit('manual'))
    .where('failed_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => `${r.installment_id}:${r.kind}`));
}

export interface NewReminder {
  installmentId: number;
  saleId: number;
  buyerId: number | null;
  recipient: string;
  kind: ReminderKind;
  sentAt: Date;
  sentBy: number | null;
}

/** Logs reminders; their ids, in order. */
export async function insertReminders(tdb: TenantDb, reminders: readonly NewReminder[]): Promise<number[]> {
  if (reminders.length === 0) return [];
  const rows = await tdb
    .insertInto('installment_reminders')
    .values(
      reminders.map((r) => ({
        installment_id: r.installmentId,
        sale_id: r.saleId,
        buyer_id: r.buyerId,
        recipient: r.recipient,
        kind: r.kind,
        sent_at: r.sentAt,
        sent_by: r.sentBy,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Marks reminders whose mail could not be sent (after their transaction committed): they no longer count as sent. */
export async function markRemindersFailed(tdb: TenantDb, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tdb
    .updateTable('installment_reminders')
    .set({ failed_at: at })
    .where('id', 'in', [...ids])
    .where('failed_at', 'is', null)
    .execute();
}
