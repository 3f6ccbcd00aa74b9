import { DEVELOPMENT_CATEGORY_LABELS, type DevelopmentDto, type DevelopmentRow } from '@plotbook/domain';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { DevelopmentEntriesTable } from '../../db/types.js';
import { moneyColumns, moneyDto } from '../../lib/entry-rows.repository.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import {
  afterCursor,
  matchesSearch,
  rupeesOf,
  takePage,
  toTotals,
  totalsSelection,
} from '../../lib/paging.repository.js';

export async function insertDevelopment(tdb: TenantDb, rows: DevelopmentRow[], userId: number) {
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
    .leftJoin('plots', 'plots.id', 'e.plot_id');

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

type Joined = Selectable<DevelopmentEntriesTable> & {
  project_name: string;
  partner_name: string | null;
  plot_name: string | null;
};

const toDto = (r: Joined): DevelopmentDto => ({
  developmentId: r.id,
  plotId: r.plot_id,
  plotName: r.plot_name,
  category: r.category,
  ...moneyDto(r),
});

export async function listDevelopment(tdb: TenantDb, where: { id: number }): Promise<DevelopmentDto[]> {
  const rows = await joined(tdb)
    .selectAll('e')
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map(toDto);
}

/**
 * One page of a project's development entries (or one plot's) in (date, id) order, with the count and Σ amount
 * of the whole list.
 */
export async function pageDevelopment(
  tdb: TenantDb,
  where: { projectId: number; plotId?: number },
  page: PageRequest,
): Promise<Page<DevelopmentDto>> {
  const search = page.search ? matchesSearch(SEARCHED, page.search, [rupeesOf('e.amount_paise')]) : null;
  const scoped = () => {
    let query = joined(tdb).where('e.project_id', '=', where.projectId);
    if (where.plotId) query = query.where('e.plot_id', '=', where.plotId);
    return query;
  };
  let query = scoped()
    .selectAll('e')
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .limit(page.limit + 1);
  if (search) query = query.where(search);
  if (page.after) query = query.where(afterCursor('e.entry_date', 'e.id', page.after, 'date'));
  const taken = takePage(await query.execute(), page.limit, (r) => ({ key: r.entry_date, id: r.id }));
  // Without a search the totals need no joins: an index-only count over the project's (or plot's) entries.
  let unjoined = tdb.selectFrom('development_entries as e').where('e.project_id', '=', where.projectId);
  if (where.plotId) unjoined = unjoined.where('e.plot_id', '=', where.plotId);
  const totals = await (search ? scoped() : unjoined)
    .select(totalsSelection(search, 'e.amount_paise'))
    .executeTakeFirstOrThrow();
  return { rows: taken.rows.map(toDto), next: taken.next, totals: toTotals(totals) };
}
