import type { PurchaseAnswer, PurchaseRow } from '@plotbook/domain';
import type { RawBuilder, SqlBool } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { MONEY_COLUMNS, moneyColumns, moneyDto, VOID_COLUMNS, voidDto } from '../../lib/entry-rows.repository.js';
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
import { voidLiveRow } from '../../lib/voids.repository.js';

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

/**
 * Voids a live entry (the base table: a voided row leaves the view `purchase_entries`, and the triggers take its
 * amount out of every total); false when there is no live entry.
 */
export const voidPurchase = (tdb: TenantDb, id: number, userId: number, reason: string) =>
  voidLiveRow(tdb, 'purchase_entry_rows', id, userId, reason);

/** The live entries (the view), or every entry, voided ones too (the base table: `?voided=include`). */
type From = 'purchase_entries' | 'purchase_entry_rows';

const joined = (tdb: TenantDb, from: From = 'purchase_entries') =>
  tdb
    .selectFrom(`${from} as e` as 'purchase_entries as e')
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
    .select(['projects.project_name', 'partners.partner_name', ...VOID_COLUMNS])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map((r) => ({ plotPurchaseId: r.id, ...moneyDto(r), ...voidDto(r) }));
}

/**
 * A page of a project's purchases (of `from`) and the totals; without a search, texts compiled once per shape, and
 * the totals need no joins: an index-only count and Σ over the project's entries. The totals are always of the live
 * entries: a voided one is listed (`?voided=include`) but counts in no total.
 */
const purchasesPage = (from: From) =>
  pagedList(
    (tdb: TenantDb, page: PageRequest, search: RawBuilder<SqlBool> | null, projectId: number) => {
      let query = joined(tdb, from)
        .select([...MONEY_COLUMNS])
        .select(['projects.project_name', 'partners.partner_name', ...VOID_COLUMNS])
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
const PAGES = { live: purchasesPage('purchase_entries'), all: purchasesPage('purchase_entry_rows') };

/** One page of a project's purchases in (date, id) order, with the count and Σ amount of the whole list. */
export async function pagePurchases(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
  withVoided = false,
): Promise<Page<PurchaseAnswer>> {
  const { rows, totals } = await PAGES[withVoided ? 'all' : 'live'](tdb, page, projectId);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.entry_date, id: r.id }));
  return {
    rows: taken.rows.map((r) => ({ plotPurchaseId: r.id, ...moneyDto(r), ...voidDto(r) })),
    next: taken.next,
    totals: toTotals(totals),
  };
}
