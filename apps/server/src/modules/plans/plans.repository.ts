import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { ProjectPlansTable } from '../../db/types.js';

/** project_plans' one writer, and its reads. */

export interface PlanMeta {
  projectId: number;
  kind: ProjectPlansTable['kind'];
  mime: ProjectPlansTable['mime'];
  fileName: string | null;
  size: number;
  /** sha256 of the bytes (hex): the trail tells two uploads of the same size apart. */
  sha256: string;
  uploadedAt: Date;
}

const metaColumns = [
  'project_id as projectId',
  'kind',
  'mime',
  'file_name as fileName',
  sql<number>`octet_length(content)::int`.as('size'),
  sql<string>`encode(sha256(content), 'hex')`.as('sha256'),
  'uploaded_at as uploadedAt',
] as const;

/** Whether the project exists in this company (the plan routes' 404). */
export async function projectExists(tdb: TenantDb, projectId: number): Promise<boolean> {
  const row = await tdb.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

/** The project's plan without its bytes; `lock` holds its row until the transaction ends. */
export async function findPlanMeta(
  tdb: TenantDb,
  projectId: number,
  options: { lock?: boolean } = {},
): Promise<PlanMeta | undefined> {
  const query = tdb.selectFrom('project_plans').select(metaColumns).where('project_id', '=', projectId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The plan's bytes and type. */
export async function findPlanContent(tdb: TenantDb, projectId: number) {
  return tdb
    .selectFrom('project_plans')
    .select(['mime', 'content', 'uploaded_at as uploadedAt', 'file_name as fileName'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export interface PlanValues {
  kind: ProjectPlansTable['kind'];
  mime: ProjectPlansTable['mime'];
  content: Buffer;
  fileName: string | null;
}

/** Stores the project's plan, replacing the one it had; answers the stored plan's time. */
export async function upsertPlan(tdb: TenantDb, projectId: number, plan: PlanValues, userId: number | null) {
  const values = {
    kind: plan.kind,
    mime: plan.mime,
    content: plan.content,
    file_name: plan.fileName,
    uploaded_by: userId,
    uploaded_at: sql<Date>`clock_timestamp()`,
  };
  return tdb
    .insertInto('project_plans')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .returning('uploaded_at as uploadedAt')
    .executeTakeFirstOrThrow();
}

export async function deletePlanRow(tdb: TenantDb, projectId: number): Promise<void> {
  await tdb.deleteFrom('project_plans').where('project_id', '=', projectId).execute();
}
