import type { RegistrationCommand, RegistrationDto } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { afterCursor, matchesSearch, takePage, toTotals, totalsSelection } from '../../lib/paging.repository.js';

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

/** One page of registrations (all, or one project's) in (registration date, id) order, with the list's count. */
export async function pageRegistrations(
  tdb: TenantDb,
  where: { projectId?: number },
  page: PageRequest,
): Promise<Page<RegistrationDto>> {
  const search = page.search ? matchesSearch(SEARCHED, page.search) : null;
  const scoped = () => {
    let query = joined(tdb);
    if (where.projectId !== undefined) query = query.where('plots.project_id', '=', where.projectId);
    return query;
  };
  let query = scoped()
    .select([
      'r.id',
      'r.plot_id',
      'r.registration_office',
      'r.registration_date',
      'r.document_no',
      'plots.plot_name',
      'plots.project_id',
      'projects.project_name',
    ])
    .orderBy('r.registration_date')
    .orderBy('r.id')
    .limit(page.limit + 1);
  if (search) query = query.where(search);
  if (page.after) query = query.where(afterCursor('r.registration_date', 'r.id', page.after, 'date'));
  const taken = takePage(await query.execute(), page.limit, (r) => ({ key: r.registration_date, id: r.id }));
  const totals = await scoped().select(totalsSelection(search)).executeTakeFirstOrThrow();
  return {
    rows: taken.rows.map((r) => ({
      id: r.id,
      projectId: r.project_id,
      projectName: r.project_name,
      plotId: r.plot_id,
      plotName: r.plot_name,
      registrationOffice: r.registration_office,
      registrationDate: r.registration_date,
      documentNo: r.document_no,
    })),
    next: taken.next,
    totals: toTotals(totals),
  };
}
