import type { RegistrationAnswer, RegistrationCommand } from '@plotbook/domain';
import type { RawBuilder, SqlBool } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import {
  keysetPage,
  matchesSearch,
  pagedList,
  takePage,
  toTotals,
  totalsSelection,
} from '../../lib/paging.repository.js';

/**
 * Stores registrations, skipping a plot that already has one; answers the ids of the rows stored. The unique index
 * on plot_id decides between two clerks registering one plot at once: the second insert waits for the first and
 * then inserts nothing.
 */
export async function insertRegistrations(
  tdb: TenantDb,
  inputs: readonly RegistrationCommand[],
  userId: number | null,
): Promise<number[]> {
  if (inputs.length === 0) return [];
  const rows = await tdb
    .insertInto('registrations')
    .values(
      inputs.map((input) => ({
        plot_id: input.plotId,
        registration_office: input.registrationOffice,
        registration_date: input.registrationDate,
        document_no: input.documentNo,
        created_by: userId,
      })),
    )
    .onConflict((oc) => oc.column('plot_id').doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Stores a registration unless the plot already has one (then undefined: see insertRegistrations). */
export async function insertRegistration(
  tdb: TenantDb,
  input: RegistrationCommand,
  userId: number | null,
): Promise<number | undefined> {
  const [id] = await insertRegistrations(tdb, [input], userId);
  return id;
}

const joined = (tdb: TenantDb) =>
  tdb
    .selectFrom('registrations as r')
    .innerJoin('plots', 'plots.id', 'r.plot_id')
    .innerJoin('projects', 'projects.id', 'plots.project_id');

/** What the Registered Plots search box looks in: the cells the table shows. */
const SEARCHED = [
  'projects.project_name',
  'plots.plot_name',
  'r.registration_office',
  'r.document_no',
  "to_char(r.registration_date, 'DD/MM/YYYY')",
  'r.registration_date::text',
];

/** A page of registrations (all, or one project's: `projectId`, else null) and the list's count. */
const registrationsPage = pagedList(
  (tdb: TenantDb, page: PageRequest, search: RawBuilder<SqlBool> | null, projectId: number | null) => {
    let query = joined(tdb).select([
      'r.id as id',
      'plots.project_id as projectId',
      'projects.project_name as projectName',
      'r.plot_id as plotId',
      'plots.plot_name as plotName',
      'r.registration_office as registrationOffice',
      'r.registration_date as registrationDate',
      'r.document_no as documentNo',
    ]);
    if (projectId !== null) query = query.where('plots.project_id', '=', projectId);
    if (search) query = query.where(search);
    return keysetPage(query, 'r.registration_date', 'r.id', page, 'date');
  },
  (tdb: TenantDb, search: RawBuilder<SqlBool> | null, projectId: number | null) => {
    let query = joined(tdb).select(totalsSelection(search));
    if (projectId !== null) query = query.where('plots.project_id', '=', projectId);
    return query;
  },
  (text) => matchesSearch(SEARCHED, text),
);

/** One page of registrations in (registration date, id) order, with the list's count. */
export async function pageRegistrations(
  tdb: TenantDb,
  where: { projectId?: number },
  page: PageRequest,
): Promise<Page<RegistrationAnswer>> {
  const { rows, totals } = await registrationsPage(tdb, page, where.projectId ?? null);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.registrationDate, id: r.id }));
  return { rows: taken.rows, next: taken.next, totals: toTotals(totals) };
}
