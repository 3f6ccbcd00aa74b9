import type { ActivityAnswer } from '@plotbook/domain';
import { type Selectable, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { ActivitiesTable } from '../../db/types.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { keysetPage, matchesSearch, takePage, toTotals, totalsSelection } from '../../lib/paging.repository.js';

const toDto = (a: Selectable<ActivitiesTable>): ActivityAnswer => ({
  id: a.id,
  projectId: a.project_id,
  activityType: a.activity_type as ActivityAnswer['activityType'],
  activityName: a.activity_name,
  status: a.status,
  createdDate: new Date(a.created_at).toISOString(),
});

export interface ActivityValues {
  projectId: number;
  activityType: ActivityAnswer['activityType'];
  activityName: string;
  status: ActivityAnswer['status'];
}

/** An activity's columns as stored (the audit trail records them as they change). */
export const activityColumns = (values: ActivityValues) => ({
  project_id: values.projectId,
  activity_type: values.activityType,
  activity_name: values.activityName,
  status: values.status,
});

export async function findActivity(tdb: TenantDb, id: number): Promise<ActivityAnswer | undefined> {
  const row = await tdb.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDto(row);
}

/** Stores activities; the ids come back in the order of `activities`. */
export async function insertActivities(tdb: TenantDb, activities: readonly ActivityValues[]): Promise<number[]> {
  const created = await tdb.insertInto('activities').values(activities.map(activityColumns)).returning('id').execute();
  return created.map((row) => row.id);
}

export async function insertActivity(tdb: TenantDb, values: ActivityValues): Promise<number> {
  const [id] = await insertActivities(tdb, [values]);
  return id as number;
}

/** False when there is no such activity. */
export async function updateActivity(tdb: TenantDb, id: number, values: ActivityValues): Promise<boolean> {
  const updated = await tdb
    .updateTable('activities')
    .set(activityColumns(values))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** False when there is no such activity. */
export async function deleteActivity(tdb: TenantDb, id: number): Promise<boolean> {
  const deleted = await tdb.deleteFrom('activities').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** The type as the screen labels it (`PLOT_SALE` → `Plot Sale`), the name, the status and the created date. */
const SEARCHED = [
  "initcap(replace(activity_type, '_', ' '))",
  'activity_name',
  'status',
  "to_char(created_at, 'DD/MM/YYYY')",
];

/**
 * One page of a project's activities in (created_at, id) order. The cursor carries created_at as full-precision
 * text: a JavaScript Date would drop the microseconds and repeat rows.
 */
export async function pageActivities(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<ActivityAnswer>> {
  const search = page.search ? matchesSearch(SEARCHED, page.search) : null;
  let query = tdb
    .selectFrom('activities')
    .selectAll()
    .select(sql<string>`created_at::text`.as('cursor_key'))
    .where('project_id', '=', projectId);
  if (search) query = query.where(search);
  query = keysetPage(query, 'created_at', 'id', page, 'timestamp');
  const taken = takePage(await query.execute(), page.limit, (a) => ({ key: a.cursor_key, id: a.id }));
  const totals = await tdb
    .selectFrom('activities')
    .select(totalsSelection(search))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { rows: taken.rows.map(toDto), next: taken.next, totals: toTotals(totals) };
}
