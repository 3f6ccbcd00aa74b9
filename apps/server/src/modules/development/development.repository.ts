import { DEVELOPMENT_CATEGORY_LABELS, type DevelopmentAnswer, type DevelopmentRow } from '@plotbook/domain';
import type { RawBuilder, Selectable, SqlBool } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { DevelopmentEntriesTable } from '../../db/types.js';
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

/** Deletes one development row (the development list and Partner Contribution both do); false when missing. */
export async function deleteDevelopment(tdb: TenantDb, id: number): Promise<boolean> {
  const deleted = await tdb.deleteFrom('development_entries').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

const joined = (tdb: TenantDb) =>
  tdb
    .selectFrom('development_entries as e')
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

type Joined = Omit<Selectable<DevelopmentEntriesTable>, 'created_at' | 'created_by'> & {
  project_name: string;
  partner_name: string | null;
  plot_name: string | null;
};

const toDto = (r: Joined): DevelopmentAnswer => ({
  developmentId: r.id,
  plotId: r.plot_id,
  plotName: r.plot_name,
  category: r.category,
  ...moneyDto(r),
});

export async function listDevelopment(tdb: TenantDb, where: { id: number }): Promise<DevelopmentAnswer[]> {
  const rows = await joined(tdb)
    .select([...MONEY_COLUMNS, 'e.plot_id', 'e.category'])
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map(toDto);
}

/**
 * A page of a project's development entries (or one plot's: `plotId`, else null) and the totals; without a search,
 * texts compiled once per shape, and the totals need no joins: an index-only count and Σ over the entries.
 */
const developmentPage = pagedList(
  (tdb: TenantDb, page: PageRequest, search: RawBuilder<SqlBool> | null, projectId: number, plotId: number | null) => {
    let query = joined(tdb)
      .select([...MONEY_COLUMNS, 'e.plot_id', 'e.category'])
      .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
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

/**
 * One page of a project's development entries (or one plot's) in (date, id) order, with the count and Σ amount of
 * the whole (searched) list.
 */
export async function pageDevelopment(
  tdb: TenantDb,
  where: { projectId: number; plotId?: number },
  page: PageRequest,
): Promise<Page<DevelopmentAnswer>> {
  const { rows, totals } = await developmentPage(tdb, page, where.projectId, where.plotId ?? null);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.entry_date, id: r.id }));
  return { rows: taken.rows.map(toDto), next: taken.next, totals: toTotals(totals) };
}
