import type { ActivityAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertProject } from '../projects/projects.service.js';
import {
  type ActivityValues,
  deleteActivity,
  findActivity,
  insertActivity,
  pageActivities,
  activityColumns as trailed,
  updateActivity,
} from './activities.repository.js';

export async function getProjectActivities(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<ActivityAnswer>> {
  await assertProject(tdb, projectId);
  return pageActivities(tdb, projectId, page);
}

/** Creates an activity (`id` null) or updates it; `created` says which, for the reply's status. */
export async function saveActivity(
  tdb: TenantDb,
  id: number | null,
  values: ActivityValues,
): Promise<{ activity: ActivityAnswer; created: boolean }> {
  await assertProject(tdb, values.projectId);
  if (id) {
    const before = await findActivity(tdb, id);
    if (!(await updateActivity(tdb, id, values)) || !before) throw notFound('Activity not found.');
    const activity = await getActivity(tdb, id);
    const changes = changedFields(trailed(before), trailed(activity));
    if (Object.keys(changes).length > 0)
      recordChange(tdb, { entity: 'activity', entityId: id, action: 'update', changes });
    return { activity, created: false };
  }
  const activity = await getActivity(tdb, await insertActivity(tdb, values));
  recordChange(tdb, {
    entity: 'activity',
    entityId: activity.id,
    action: 'create',
    changes: changedFields(null, trailed(activity)),
  });
  return { activity, created: true };
}

async function getActivity(tdb: TenantDb, id: number): Promise<ActivityAnswer> {
  const activity = await findActivity(tdb, id);
  if (!activity) throw notFound('Activity not found.');
  return activity;
}

export async function removeActivity(tdb: TenantDb, id: number): Promise<void> {
  const before = await findActivity(tdb, id);
  if (!before || !(await deleteActivity(tdb, id))) throw notFound('Activity not found.');
  recordChange(tdb, {
    entity: 'activity',
    entityId: id,
    action: 'delete',
    changes: changedFields(trailed(before), null),
  });
}
