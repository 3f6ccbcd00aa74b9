import type { PurchaseAnswer, PurchaseRow } from '@plotbook/domain';
import type { RawBuilder, SqlBool } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { MONEY_COLUMNS, moneyColumns, moneyDto } from '../../lib/entry-rows.repository.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import {
  keysetPage,
  matchesSearch,
  pagedList,
  rupeesOf,
  takePage,
  toTotals,
  totalsSelection,
} from '../../lib/paging.repository.js';

export async function insertPurchases(tdb: TenantDb, rows: PurchaseRow[], userId: number | null) {
  const saved = await tdb
    .insertInto('purchase_entries')
    .values(rows.map((row) => ({ ...moneyColumns(row), created_by: userId })))
    .returning(['id', 'amount_paise'])
    .execute();
  return saved.map((s) => ({ id: s.id, amountPaise: s.amount_paise }));
}

/** Replaces an entry's money columns; false when there is no such entry. */
export async function updatePurchase(tdb: TenantDb, id: number, row: PurchaseRow): Promise<boolean> {
  const updated = await tdb
    .updateTable('purchase_entries')
    .set(moneyColumns(row))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

export async function deletePurchase(tdb: TenantDb, id: number): Promise<boolean> {
  const deleted = await tdb.deleteFrom('purchase_entries').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

const joined = (tdb: TenantDb) =>
  tdb
    .selectFrom('purchase_entries as e')
    .innerJoin('projects', 'projects.id', 'e.project_id')
    .leftJoin('partners', 'partners.id', 'e.partner_id');

/** What the purchase list's search box looks in: every text and date the table shows, and the amount. */
const SEARCHED = [
  'projects.project_name',
  'e.particular',
  'e.mode',
  'e.mode_detail',
  'e.credit_to',
  'partners.partner_name',
  "to_char(e.entry_date, 'DD/MM/YYYY')",
  'e.entry_date::text',
  "to_char(e.mode_date, 'DD/MM/YYYY')",
  'e.mode_date::text',
];

export async function listPurchases(tdb: TenantDb, where: { id: number }): Promise<PurchaseAnswer[]> {
  const rows = await joined(tdb)
    .select([...MONEY_COLUMNS])
    .select(['projects.project_name', 'partners.partner_name'])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map((r) => ({ plotPurchaseId: r.id, ...moneyDto(r) }));
}

/**
 * A page of a project's purchases and the totals; without a search, texts compiled once per shape, and the totals
 * need no joins: an index-only count and Σ over the project's entries.
 */
const purchasesPage = pagedList(
  (tdb: TenantDb, page: PageRequest, search: RawBuilder<SqlBool> | null, projectId: number) => {
    let query = joined(tdb)
      .select([...MONEY_COLUMNS])
      .select(['projects.project_name', 'partners.partner_name'])
      .where('e.project_id', '=', projectId);
    if (search) query = query.where(search);
    return keysetPage(query, 'e.entry_date', 'e.id', page, 'date');
  },
  (tdb: TenantDb, search: RawBuilder<SqlBool> | null, projectId: number) =>
    (search ? joined(tdb) : tdb.selectFrom('purchase_entries as e'))
      .select(totalsSelection(search, 'e.amount_paise'))
      .where('e.project_id', '=', projectId),
  (text) => matchesSearch(SEARCHED, text, [rupeesOf('e.amount_paise')]),
);

/** One page of a project's purchases in (date, id) order, with the count and Σ amount of the whole list. */
export async function pagePurchases(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<PurchaseAnswer>> {
  const { rows, totals } = await purchasesPage(tdb, page, projectId);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.entry_date, id: r.id }));
  return {
    rows: taken.rows.map((r) => ({ plotPurchaseId: r.id, ...moneyDto(r) })),
    next: taken.next,
    totals: toTotals(totals),
  };
}
