import { DEVELOPMENT_CATEGORY_LABELS, type DevelopmentAnswer, type DevelopmentRow } from '@plotbook/domain';
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { DevelopmentEntriesTable } from '../../db/types.js';
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

export async function insertDevelopment(tdb: TenantDb, rows: DevelopmentRow[], userId: number | null) {
  const saved = await tdb
    .insertInto('development_entries')
    .values(
      rows.map((row) => ({ ...moneyColumns(row), category: row.category, plot_id: row.plotId, created_by: userId })),
    )
    .returning(['id', 'amount_paise'])
    .execute();
  return saved.map((s) => ({ id: s.id, amountPaise: s.amount_paise }));
}

/**
 * Voids one live development row (the development list and Partner Contribution both do), in the base table: it
 * leaves the view `development_entries` and every total; false when there is no live row.
 */
export const voidDevelopment = (tdb: TenantDb, id: number, userId: number, reason: string) =>
  voidLiveRow(tdb, 'development_entry_rows', id, userId, reason);

/** The live rows (the view), or every row, voided ones too (the base table: `?voided=include`). */
type From = 'development_entries' | 'development_entry_rows';

const joined = (tdb: TenantDb, from: From = 'development_entries') =>
  tdb
    .selectFrom(`${from} as e` as 'development_entries as e')
    .innerJoin('projects', 'projects.id', 'e.project_id')
    .leftJoin('partners', 'partners.id', 'e.partner_id')
    // The entry's plot is one of its project's (checkRowRefs): naming the project lets PostgreSQL read the
    // project's plots by index instead of hashing every plot of the company.
    .leftJoin('plots', (join) =>
      join.onRef('plots.id', '=', 'e.plot_id').onRef('plots.project_id', '=', 'e.project_id'),
    );

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const CATEGORY_LABEL = `case e.category ${Object.entries(DEVELOPMENT_CATEGORY_LABELS)
  .map(([value, label]) => `when ${quote(value)} then ${quote(label)}`)
  .join(' ')} end`;

/** What the development list's search box looks in: the cells the table shows, and the amount. */
const SEARCHED = [
  'e.particular',
  CATEGORY_LABEL,
  "coalesce(plots.plot_name, 'All plots')",
  'partners.partner_name',
  'e.mode',
  "to_char(e.entry_date, 'DD/MM/YYYY')",
  'e.entry_date::text',
];

type Joined = Omit<Selectable<DevelopmentEntriesTable>, 'created_at' | 'created_by' | 'voided_by'> & {
  project_name: string;
  partner_name: string | null;
  plot_name: string | null;
  voided_by_name: string | null;
};

const toDto = (r: Joined): DevelopmentAnswer => ({
  developmentId: r.id,
  plotId: r.plot_id,
  plotName: r.plot_name,
  category: r.category,
  ...moneyDto(r),
  ...voidDto(r),
});

export async function listDevelopment(tdb: TenantDb, where: { id: number }): Promise<DevelopmentAnswer[]> {
  const rows = await joined(tdb)
    .select([...MONEY_COLUMNS, 'e.plot_id', 'e.category'])
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name', ...VOID_COLUMNS])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map(toDto);
}

/**
 * A page of a project's development entries (of `from`; or one plot's: `plotId`, else null) and the totals; without
 * a search, texts compiled once per shape, and the totals need no joins: an index-only count and Σ over the entries.
 * The totals are always of the live entries: a voided one is listed (`?voided=include`) but counts in no total.
 */
const developmentPage = (from: From) =>
  pagedList(
    (
      tdb: TenantDb,
      page: PageRequest,
      search: RawBuilder<SqlBool> | null,
      projectId: number,
      plotId: number | null,
    ) => {
      let query = joined(tdb, from)
        .select([...MONEY_COLUMNS, 'e.plot_id', 'e.category'])
        .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name', ...VOID_COLUMNS])
        .where('e.project_id', '=', projectId);
      if (plotId !== null) query = query.where('e.plot_id', '=', plotId);
      if (search) query = query.where(search);
      return keysetPage(query, 'e.entry_date', 'e.id', page, 'date');
    },
    (tdb: TenantDb, search: RawBuilder<SqlBool> | null, projectId: number, plotId: number | null) => {
      let query = (search ? joined(tdb) : tdb.selectFrom('development_entries as e'))
        .select(totalsSelection(search, 'e.amount_paise'))
        .where('e.project_id', '=', projectId);
      if (plotId !== null) query = query.where('e.plot_id', '=', plotId);
      return query;
    },
    (text) => matchesSearch(SEARCHED, text, [rupeesOf('e.amount_paise')]),
  );
const PAGES = { live: developmentPage('development_entries'), all: developmentPage('development_entry_rows') };

/**
 * One page of a project's development entries (or one plot's) in (date, id) order, with the count and Σ amount of
 * the whole (searched) list.
 */
export async function pageDevelopment(
  tdb: TenantDb,
  where: { projectId: number; plotId?: number },
  page: PageRequest,
  withVoided = false,
): Promise<Page<DevelopmentAnswer>> {
  const pages = PAGES[withVoided ? 'all' : 'live'];
  const { rows, totals } = await pages(tdb, page, where.projectId, where.plotId ?? null);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.entry_date, id: r.id }));
  return { rows: taken.rows.map(toDto), next: taken.next, totals: toTotals(totals) };
}
