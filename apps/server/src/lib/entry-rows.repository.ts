import { type Paise, toPaise } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';

/** The rows a batch of money rows refers to: which projects exist, who partners them, which project owns a plot. */
export async function findRowRefs(tdb: TenantDb, projectIds: readonly number[], plotIds: readonly number[]) {
  const projects = await tdb.selectFrom('projects').select('id').where('id', 'in', projectIds).execute();
  const links = await tdb
    .selectFrom('partner_projects')
    .select(['partner_id', 'project_id'])
    .where('project_id', 'in', projectIds)
    .execute();
  const plots = plotIds.length
    ? await tdb.selectFrom('plots').select(['id', 'project_id']).where('id', 'in', plotIds).execute()
    : [];
  return {
    projectIds: projects.map((p) => p.id),
    links: links.map((l) => ({ projectId: l.project_id, partnerId: l.partner_id })),
    plots: plots.map((p) => ({ plotId: p.id, projectId: p.project_id })),
  };
}

/** The columns every money row shares, with money in paise and the mode date defaulting to the row date. */
export function moneyColumns(row: {
  projectId: number;
  partnerId: number;
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  amount: number;
}) {
  return {
    project_id: row.projectId,
    partner_id: row.partnerId,
    particular: row.particular,
    entry_date: row.date,
    mode: row.mode,
    mode_detail: row.modeDetail,
    credit_to: row.creditTo,
    mode_date: row.modeDate ?? row.date,
    amount_paise: toPaise(row.amount),
  };
}

/**
 * The entry columns `moneyDto` reads (of a money table aliased `e`), instead of every column: the timestamps a list
 * does not show cost more to parse than the rest of a row.
 */
export const MONEY_COLUMNS = [
  'e.id',
  'e.project_id',
  'e.partner_id',
  'e.particular',
  'e.entry_date',
  'e.mode',
  'e.mode_detail',
  'e.credit_to',
  'e.mode_date',
  'e.amount_paise',
] as const;

/** A money row as its list answers it, the amount in paise (the response schema writes rupees). */
export function moneyDto(r: {
  project_id: number;
  project_name: string;
  partner_id: number | null;
  partner_name: string | null;
  particular: string;
  entry_date: string;
  mode: string;
  mode_detail: string | null;
  credit_to: string | null;
  mode_date: string | null;
  amount_paise: Paise;
}) {
  return {
    projectId: r.project_id,
    projectName: r.project_name,
    partnerId: r.partner_id,
    partnerName: r.partner_name,
    particular: r.particular,
    date: r.entry_date,
    mode: r.mode,
    modeDetail: r.mode_detail,
    creditTo: r.credit_to,
    modeDate: r.mode_date,
    amount: r.amount_paise,
  };
}

/** A purchase or development entry's table: the view of live rows, or the base table of every row (migration 0023). */
export type EntryTable = 'purchase_entries' | 'development_entries';
const BASE = { purchase_entries: 'purchase_entry_rows', development_entries: 'development_entry_rows' } as const;

/**
 * A purchase or development entry's columns as `moneyColumns` writes them (money in paise), with when it was saved
 * and voided, its row locked until the transaction ends (before the project's row: entries, then projects, is the
 * order every writer takes): the before of an edit or a void, for the audit trail. Read from the base table, so a
 * voided entry is found (a second void is a 409, not a 404); undefined when there is no such entry.
 */
export async function lockEntry(tdb: TenantDb, table: EntryTable, id: number) {
  return tdb
    .selectFrom(BASE[table] as 'purchase_entry_rows')
    .select([
      'project_id',
      'partner_id',
      'particular',
      'entry_date',
      'mode',
      'mode_detail',
      'credit_to',
      'mode_date',
      'amount_paise',
      'created_at',
      'voided_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The columns a list of voidable rows adds (of a row aliased `e`, its voider joined as `voider`: `joinVoider`). */
export const VOID_COLUMNS = ['e.voided_at', 'e.void_reason', 'voider.user_name as voided_by_name'] as const;

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** When, by whom (their name) and why a row was voided, as the lists answer it; all null for a live row. */
export function voidDto(r: {
  voided_at: Date | string | null;
  void_reason: string | null;
  voided_by_name: string | null;
}) {
  return {
    voidedAt: r.voided_at === null ? null : iso(r.voided_at),
    voidedBy: r.voided_at === null ? null : r.voided_by_name,
    voidReason: r.void_reason,
  };
}
