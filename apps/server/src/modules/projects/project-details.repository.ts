import type { PlotSummaryAnswer } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { isoTime, rupees } from '../../lib/json-rows.js';
import type { Cursor } from '../../lib/paging.js';
import { afterCursor } from '../../lib/paging.repository.js';
import { ACTIVE_SALE_OF_PLOT } from '../sales/sales.repository.js';

/** All Project Details: whole projects with their plots, written as JSON by PostgreSQL (lib/json-rows.ts). */

/**
 * A project's fields under their API names with the values the API answers (areas as doubles, money in rupees, the
 * ISO creation time), for PostgreSQL to write as All Project Details' JSON (lib/json-rows.ts): JSON text goes out
 * as it is, so its money is in rupees already (`rupees`), not in paise for the serializer.
 */
function projectJsonQuery(tdb: TenantDb) {
  const area = (column: string) => sql<number>`${sql.ref(column)}::float8`;
  return tdb
    .selectFrom('projects')
    .select((eb) => [
      'projects.id as projectId',
      'projects.project_name as projectName',
      'projects.city as city',
      area('projects.total_area').as('totalArea'),
      area('projects.total_rate').as('totalRate'),
      rupees(eb.ref('projects.total_amount_paise')).as('totalAmount'),
      sql<'yes' | 'no'>`case when projects.saleable_option then 'yes' else 'no' end`.as('saleableOption'),
      area('projects.road_area').as('roadArea'),
      area('projects.mandir_area').as('mandirArea'),
      area('projects.amenities_area').as('amenitiesArea'),
      area('projects.saleable_area').as('saleableArea'),
      'projects.status as status',
      eb
        .selectFrom('plots')
        .whereRef('plots.project_id', '=', 'projects.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('plotCount'),
      isoTime('projects.created_at').as('createdDate'),
      isoTime('projects.archived_at').as('archivedAt'),
      'projects.archive_reason as archiveReason',
    ]);
}

/** A plot as All Project Details shows it, for `json_agg` over plots joined to their active sale and registration. */
const PLOT_SUMMARY_JSON = sql<unknown>`json_build_object(
  'plotId', plots.id, 'plotName', plots.plot_name, 'totalPlotSize', plots.total_plot_size,
  'plotNumber', plots.plot_number, 'listRate', ${rupees(sql.ref('plots.list_rate_paise'))},
  'listPrice', ${rupees(sql.ref('plots.list_price_paise'))}, 'facing', plots.facing, 'corner', plots.corner,
  'sector', plots.sector, 'isSold', sales.id is not null, 'isRegistered', registrations.id is not null
)`;

function plotSummaries(tdb: TenantDb) {
  return tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.on(ACTIVE_SALE_OF_PLOT))
    .leftJoin('registrations', 'registrations.plot_id', 'plots.id');
}

/** All Project Details' page query (see `pageProjectsJson`); `after` null for the first page. */
function projectsPageQuery(tdb: TenantDb, plotLimit: number, after: Cursor | null) {
  // Each project's plots counted once (a lateral join): as a column subquery, the running sum and the filter
  // below each counted them again.
  let projects = tdb
    .selectFrom('projects')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('plots')
          .whereRef('plots.project_id', '=', 'projects.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      'projects.id',
      'projects.created_at',
      sql<string>`projects.created_at::text`.as('cursor_key'),
      'c.n as plot_count',
    ]);
  if (after) projects = projects.where(afterCursor('projects.created_at', 'projects.id', after, 'timestamp'));
  const ranked = tdb
    .selectFrom(projects.as('p'))
    .selectAll('p')
    .select([
      sql<number>`sum(p.plot_count) over (order by p.created_at, p.id)`.as('running'),
      sql<number>`row_number() over (order by p.created_at, p.id)`.as('position'),
    ]);
  // The projects that start within the budget, plus the second one whatever its size: the rows past the page
  // (at most one beyond the budget) only say that a next page exists, and carry no JSON.
  const taken = sql<boolean>`r.position = 1 or r.running <= ${plotLimit}`;
  const projectJson = projectJsonQuery(tdb)
    .select(
      sql<unknown>`coalesce((${plotSummaries(tdb)
        .select(sql<unknown>`json_agg(${PLOT_SUMMARY_JSON} order by plots.id)`.as('plots'))
        .where(sql<boolean>`plots.project_id = projects.id`)}), '[]')`.as('plots'),
    )
    .where(sql<boolean>`projects.id = r.id`);
  return tdb
    .selectFrom(ranked.as('r'))
    .select([
      'r.id',
      'r.cursor_key',
      sql<string | null>`case when ${taken} then (select row_to_json(j)::text from (${projectJson}) j) end`.as('json'),
      (eb) => eb.selectFrom('projects').select(eb.fn.countAll<number>().as('n')).as('total_count'),
    ])
    .where(sql<boolean>`r.running - r.plot_count <= ${plotLimit} or r.position <= 2`)
    .orderBy('r.created_at')
    .orderBy('r.id');
}
const firstProjectsPage = fixedQuery((tdb: TenantDb, plotLimit: number) => projectsPageQuery(tdb, plotLimit, null));
const laterProjectsPage = fixedQuery((tdb: TenantDb, plotLimit: number, key: string, id: number) =>
  projectsPageQuery(tdb, plotLimit, { key, id }),
);

/**
 * One page of All Project Details in (created_at, id) order: whole projects, as many as fit in `plotLimit` plots
 * (always at least one), so a page never carries more plots than that unless one project alone has more. Each
 * project comes as its JSON with its plots, written by PostgreSQL in the same query (lib/json-rows.ts). `more`
 * says whether projects follow; `total` counts every project.
 */
export async function pageProjectsJson(
  tdb: TenantDb,
  page: { plotLimit: number; after: Cursor | null },
): Promise<{ rows: { projectId: number; cursorKey: string; json: string }[]; more: boolean; total: number }> {
  const rows = page.after
    ? await laterProjectsPage(tdb, page.plotLimit, page.after.key, page.after.id)
    : await firstProjectsPage(tdb, page.plotLimit);
  const pageRows = rows.flatMap((r) =>
    r.json === null ? [] : [{ projectId: r.id, cursorKey: r.cursor_key, json: r.json }],
  );
  const total =
    rows[0]?.total_count ??
    (await tdb.selectFrom('projects').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
  return { rows: pageRows, more: rows.length > pageRows.length, total: Number(total) };
}

/** One project's plots with just what All Project Details shows, in plot order. */
const projectPlotSummariesQuery = fixedQuery((tdb: TenantDb, projectId: number) =>
  plotSummaries(tdb)
    .select([
      'plots.id as plotId',
      'plots.plot_name as plotName',
      'plots.total_plot_size as totalPlotSize',
      'plots.plot_number as plotNumber',
      'plots.list_rate_paise as listRate',
      'plots.list_price_paise as listPrice',
      'plots.facing as facing',
      'plots.corner as corner',
      'plots.sector as sector',
      sql<boolean>`sales.id is not null`.as('isSold'),
      sql<boolean>`registrations.id is not null`.as('isRegistered'),
    ])
    .where('plots.project_id', '=', projectId)
    .orderBy('plots.id'),
);

export const listPlotSummaries = (tdb: TenantDb, projectId: number): Promise<PlotSummaryAnswer[]> =>
  projectPlotSummariesQuery(tdb, projectId);
