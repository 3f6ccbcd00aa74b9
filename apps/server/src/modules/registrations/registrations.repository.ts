import type { RegistrationCommand, RegistrationDto } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { jsonPageQuery, pagedJson } from '../../lib/json-rows.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { keysetPage, matchesSearch, toTotals, totalsSelection } from '../../lib/paging.repository.js';
import { JsonRows } from '../../lib/serializer.js';

/**
 * Stores a registration unless the plot already has one. The unique index on plot_id decides between two clerks
 * registering one plot at once: the second insert waits for the first and then inserts nothing (undefined).
 */
export async function insertRegistration(
  tdb: TenantDb,
  input: RegistrationCommand,
  userId: number,
): Promise<number | undefined> {
  const row = await tdb
    .insertInto('registrations')
    .values({
      plot_id: input.plotId,
      registration_office: input.registrationOffice,
      registration_date: input.registrationDate,
      document_no: input.documentNo,
      created_by: userId,
    })
    .onConflict((oc) => oc.column('plot_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
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

/**
 * One page of registrations (all, or one project's: `projectId`, else null) in (registration date, id) order, with
 * the list's count: the page written as JSON by PostgreSQL with the count in the same query (lib/json-rows.ts
 * `pagedJson`).
 */
const registrationsPage = pagedJson((tdb: TenantDb, page: PageRequest, projectId: number | null) => {
  const search = page.search ? matchesSearch(SEARCHED, page.search) : null;
  const scoped = () => {
    let query = joined(tdb);
    if (projectId !== null) query = query.where('plots.project_id', '=', projectId);
    return query;
  };
  // The fields in the order of the response schema, as its serializer writes them.
  let query = scoped().select([
    'r.id as id',
    'plots.project_id as projectId',
    'projects.project_name as projectName',
    'r.plot_id as plotId',
    'plots.plot_name as plotName',
    'r.registration_office as registrationOffice',
    'r.registration_date as registrationDate',
    'r.document_no as documentNo',
  ]);
  if (search) query = query.where(search);
  query = keysetPage(query, 'r.registration_date', 'r.id', page, 'date');
  const totals = scoped().select(totalsSelection(search));
  return jsonPageQuery(query, page.limit, { key: 'registrationDate', id: 'id' }, totals);
});

export async function pageRegistrations(
  tdb: TenantDb,
  where: { projectId?: number },
  page: PageRequest,
): Promise<Omit<Page<unknown>, 'rows'> & { rows: JsonRows<RegistrationDto[]> }> {
  const result = await registrationsPage(tdb, page, where.projectId ?? null);
  return { rows: new JsonRows(result.json), next: result.next, totals: toTotals(result.totals) };
}
