import { DEVELOPMENT_CATEGORY_LABELS, type DevelopmentDto, type DevelopmentRow } from '@plotbook/domain';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { DevelopmentEntriesTable } from '../../db/types.js';
import { MONEY_COLUMNS, moneyColumns, moneyDto } from '../../lib/entry-rows.repository.js';
import { jsonPageQuery, pagedJson, rupees } from '../../lib/json-rows.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { keysetPage, matchesSearch, rupeesOf, toTotals, totalsSelection } from '../../lib/paging.repository.js';
import { JsonRows } from '../../lib/serializer.js';

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

const toDto = (r: Joined): DevelopmentDto => ({
  developmentId: r.id,
  plotId: r.plot_id,
  plotName: r.plot_name,
  category: r.category,
  ...moneyDto(r),
});

export async function listDevelopment(tdb: TenantDb, where: { id: number }): Promise<DevelopmentDto[]> {
  const rows = await joined(tdb)
    .select([...MONEY_COLUMNS, 'e.plot_id', 'e.category'])
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
    .where('e.id', '=', where.id)
    .execute();
  return rows.map(toDto);
}

/**
 * One page of a project's development entries (or one plot's: `plotId`, else null) in (date, id) order, with the
 * count and Σ amount of the whole list: the page written as JSON by PostgreSQL with the totals in the same query
 * (lib/json-rows.ts `pagedJson`), which the list routes send as it comes.
 */
const developmentPage = pagedJson((tdb: TenantDb, page: PageRequest, projectId: number, plotId: number | null) => {
  const search = page.search ? matchesSearch(SEARCHED, page.search, [rupeesOf('e.amount_paise')]) : null;
  const scoped = () => {
    let query = joined(tdb).where('e.project_id', '=', projectId);
    if (plotId !== null) query = query.where('e.plot_id', '=', plotId);
    return query;
  };
  // The fields in the order of the response schema (developmentSchema), as its serializer writes them.
  let query = scoped().select((eb) => [
    'e.project_id as projectId',
    'projects.project_name as projectName',
    'e.particular as particular',
    'e.entry_date as date',
    'e.mode as mode',
    'e.mode_detail as modeDetail',
    'e.credit_to as creditTo',
    'e.mode_date as modeDate',
    'e.partner_id as partnerId',
    'partners.partner_name as partnerName',
    rupees(eb.ref('e.amount_paise')).as('amount'),
    'e.id as developmentId',
    'e.plot_id as plotId',
    'plots.plot_name as plotName',
    'e.category as category',
  ]);
  if (search) query = query.where(search);
  query = keysetPage(query, 'e.entry_date', 'e.id', page, 'date');
  // Without a search the totals need no joins: an index-only count over the project's (or plot's) entries.
  let unjoined = tdb.selectFrom('development_entries as e').where('e.project_id', '=', projectId);
  if (plotId !== null) unjoined = unjoined.where('e.plot_id', '=', plotId);
  const totals = (search ? scoped() : unjoined).select(totalsSelection(search, 'e.amount_paise'));
  return jsonPageQuery(query, page.limit, { key: 'date', id: 'developmentId' }, totals);
});

export async function pageDevelopmentJson(
  tdb: TenantDb,
  where: { projectId: number; plotId?: number },
  page: PageRequest,
): Promise<Omit<Page<unknown>, 'rows'> & { rows: JsonRows<DevelopmentDto[]> }> {
  const result = await developmentPage(tdb, page, where.projectId, where.plotId ?? null);
  return { rows: new JsonRows(result.json), next: result.next, totals: toTotals(result.totals) };
}
