import type { PlotAnswer, ProjectAnswer, ProjectPartnerAnswer, ProjectSummaryAnswer } from '@plotbook/domain';
import { type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { isoTime } from '../../lib/json-rows.js';
import { ACTIVE_SALE_OF_PLOT } from '../sales/sales.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

function projectQuery(tdb: TenantDb) {
  return tdb
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) =>
      eb
        .selectFrom('plots')
        .whereRef('plots.project_id', '=', 'projects.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('plot_count'),
    );
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectQuery>['executeTakeFirstOrThrow']>>;

function toProjectDto(r: ProjectRow): ProjectAnswer {
  return {
    projectId: r.id,
    projectName: r.project_name,
    city: r.city,
    totalArea: r.total_area,
    totalRate: r.total_rate,
    totalAmount: r.total_amount_paise,
    saleableOption: r.saleable_option ? 'yes' : 'no',
    roadArea: r.road_area,
    mandirArea: r.mandir_area,
    amenitiesArea: r.amenities_area,
    saleableArea: r.saleable_area,
    status: r.status,
    plotCount: Number(r.plot_count ?? 0),
    createdDate: iso(r.created_at),
    archivedAt: r.archived_at === null ? null : iso(r.archived_at),
    archiveReason: r.archive_reason,
  };
}

/** `include or <table>.archived_at is null`: the archived rows only when asked for (a value, so one SQL text). */
const unlessArchived = (table: 'projects' | 'plots' | 'partners', include: boolean) =>
  sql<SqlBool>`(${include}::boolean or ${sql.ref(`${table}.archived_at`)} is null)`;

const projectsQuery = fixedQuery((tdb: TenantDb, includeArchived: boolean) =>
  projectQuery(tdb).where(unlessArchived('projects', includeArchived)).orderBy('projects.project_name'),
);

/** The projects of the pickers, by name; the archived ones only with `includeArchived`. */
export async function listProjects(tdb: TenantDb, includeArchived: boolean): Promise<ProjectAnswer[]> {
  return (await projectsQuery(tdb, includeArchived)).map(toProjectDto);
}

const projectById = fixedQuery((tdb: TenantDb, projectId: number) =>
  projectQuery(tdb).where('projects.id', '=', projectId),
);
const lockedProjectById = fixedQuery((tdb: TenantDb, projectId: number) =>
  projectQuery(tdb).where('projects.id', '=', projectId).forUpdate('projects'),
);

export async function findProject(tdb: TenantDb, projectId: number, options: { lock?: boolean } = {}) {
  const [row] = await (options.lock ? lockedProjectById : projectById)(tdb, projectId);
  return row ? toProjectDto(row) : undefined;
}

/**
 * The plots of a project (or one plot) with their sale state, under their API names: the active sale's amount (in
 * paise) and date, whether the plot is registered, and whether it is fully paid (received from Completed receipts
 * covers the sale). Its rows are the API's objects as they come.
 */
function plotsQuery(tdb: TenantDb, where: PlotsWhere) {
  // Σ Completed receipts of the plot, kept by triggers (0016_plot_money): one key lookup per plot (a join would
  // read every plot's row).
  const received = sql<number>`coalesce((select plot_money.received_paise from plot_money where plot_money.plot_id = plots.id), 0)`;
  const isSold = sql<boolean>`sales.id is not null`;
  // Fully paid: received covers what the buyer owes (sale amount + transfer fees, issue 20).
  const isFullyPaid = sql<boolean>`(sales.id is not null and ${received} >= sales.sale_amount_paise + sales.transfer_fee_paise)`;
  const isRegistered = sql<boolean>`registrations.id is not null`;
  let query = tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.on(ACTIVE_SALE_OF_PLOT))
    .leftJoin('registrations', 'registrations.plot_id', 'plots.id')
    .select([
      'plots.id as plotId',
      'plots.project_id as projectId',
      'plots.plot_name as plotName',
      'plots.total_plot_size as totalPlotSize',
      'plots.plot_number as plotNumber',
      'plots.list_rate_paise as listRate',
      'plots.list_price_paise as listPrice',
      'plots.facing as facing',
      'plots.corner as corner',
      'plots.sector as sector',
      'sales.sale_amount_paise as saleAmount',
      'sales.sale_date as plotSaleDate',
      isSold.as('isSold'),
      isRegistered.as('isRegistered'),
      isFullyPaid.as('isFullyPaid'),
      isoTime('plots.created_at').as('plotCreatedDate'),
      sql<'Y' | 'N'>`case when ${isFullyPaid} then 'Y' else 'N' end`.as('fullypaidYn'),
      sql<'Y' | 'N'>`case when ${isRegistered} then 'Y' else 'N' end`.as('registeredYn'),
      sql<string | null>`case when plots.archived_at is not null then ${isoTime('plots.archived_at')} end`.as(
        'archivedAt',
      ),
      'plots.archive_reason as archiveReason',
    ])
    .orderBy('plots.project_id')
    .orderBy('plots.id');
  if (where.projectId !== undefined) query = query.where('plots.project_id', '=', where.projectId);
  if (where.plotId !== undefined) query = query.where('plots.id', '=', where.plotId);
  if (where.includeArchived !== undefined) query = query.where(unlessArchived('plots', where.includeArchived));
  return query;
}

interface PlotsWhere {
  projectId?: number;
  plotId?: number;
  /** false: leave the archived plots out (the pickers); true or left out: every plot. */
  includeArchived?: boolean;
}

export async function listPlots(tdb: TenantDb, where: PlotsWhere): Promise<PlotAnswer[]> {
  return where.projectId !== undefined && where.plotId === undefined
    ? projectPlots(tdb, where.projectId, where.includeArchived ?? true)
    : plotsQuery(tdb, where).execute();
}

/** A project's plots (the plot lists' hot read), compiled once. */
const projectPlots = fixedQuery((tdb: TenantDb, projectId: number, includeArchived: boolean) =>
  plotsQuery(tdb, { projectId, includeArchived }),
);

/** Every project with how many of its plots are sold and registered (counted in SQL, no plot rows sent). */
const projectSummariesQuery = fixedQuery((tdb: TenantDb) =>
  projectQuery(tdb)
    .select((eb) => [
      eb
        .selectFrom('sales')
        .whereRef('sales.project_id', '=', 'projects.id')
        .where('sales.status', '=', sql.lit('Active'))
        .select(eb.fn.countAll<number>().as('n'))
        .as('sold_count'),
      eb
        .selectFrom('registrations')
        .innerJoin('plots', 'plots.id', 'registrations.plot_id')
        .whereRef('plots.project_id', '=', 'projects.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('registered_count'),
    ])
    .orderBy('projects.project_name'),
);

export async function listProjectSummaries(tdb: TenantDb): Promise<ProjectSummaryAnswer[]> {
  const rows = await projectSummariesQuery(tdb);
  return rows.map((r) => ({
    ...toProjectDto(r),
    soldCount: Number(r.sold_count ?? 0),
    registeredCount: Number(r.registered_count ?? 0),
  }));
}

const projectPartnersQuery = fixedQuery((tdb: TenantDb, projectId: number, includeArchived: boolean) =>
  tdb
    .selectFrom('partner_projects')
    .innerJoin('partners', 'partners.id', 'partner_projects.partner_id')
    .select([
      'partners.id',
      'partners.partner_name',
      'partner_projects.percentage_share',
      'partners.archived_at',
      'partners.archive_reason',
    ])
    .where('partner_projects.project_id', '=', projectId)
    .where(unlessArchived('partners', includeArchived))
    .orderBy('partners.partner_name'),
);

/** A project's partners and their shares; the archived partners only with `includeArchived`. */
export async function listProjectPartners(
  tdb: TenantDb,
  projectId: number,
  includeArchived: boolean,
): Promise<ProjectPartnerAnswer[]> {
  const rows = await projectPartnersQuery(tdb, projectId, includeArchived);
  return rows.map((r) => ({
    partnerId: r.id,
    partnerName: r.partner_name,
    percentageShare: r.percentage_share,
    archivedAt: r.archived_at === null ? null : iso(r.archived_at),
    archiveReason: r.archive_reason,
  }));
}
