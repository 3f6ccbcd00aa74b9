import { createHash } from 'node:crypto';
import type { PlanInfoDto } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { readPlanFile } from './plan-file.js';
import {
  deletePlanRow,
  findPlanContent,
  findPlanMeta,
  type PlanMeta,
  projectExists,
  upsertPlan,
} from './plans.repository.js';

/** A project's layout plan (issue 21): one per project, an SVG (stored cleaned) or a PNG/JPEG/WebP image. */

const NO_PROJECT = 'Project not found.';
const NO_PLAN = 'This project has no layout plan.';

const planAnswer = ({ sha256: _hash, ...meta }: PlanMeta): PlanInfoDto => ({
  ...meta,
  uploadedAt: meta.uploadedAt.toISOString(),
});

/** What the trail keeps of a plan: its type, name and size, never its bytes. */
const trailed = (meta: Pick<PlanMeta, 'kind' | 'mime' | 'fileName' | 'size' | 'sha256'>) => ({
  kind: meta.kind,
  mime: meta.mime,
  file_name: meta.fileName,
  size_bytes: meta.size,
  sha256: meta.sha256,
});

async function assertProjectHere(tdb: TenantDb, projectId: number) {
  if (!(await projectExists(tdb, projectId))) throw notFound(NO_PROJECT);
}

/** The plan without its bytes, or null; 404 for no such project (another company's included). */
export async function getPlanInfo(tdb: TenantDb, projectId: number): Promise<PlanInfoDto | null> {
  await assertProjectHere(tdb, projectId);
  const meta = await findPlanMeta(tdb, projectId);
  return meta ? planAnswer(meta) : null;
}

/** The plan's bytes, type and time (its ETag); 404 when the project or its plan is missing. */
export async function getPlanFile(tdb: TenantDb, projectId: number) {
  const plan = await findPlanContent(tdb, projectId);
  if (!plan) {
    await assertProjectHere(tdb, projectId);
    throw notFound(NO_PLAN);
  }
  return plan;
}

/** Stores an uploaded plan (checked by its bytes, an SVG cleaned), replacing the project's plan; trail 'plan'. */
export async function savePlan(
  tdb: TenantDb,
  projectId: number,
  upload: { contentType: string | undefined; bytes: Buffer; fileName: string | null },
  userId: number | null,
): Promise<PlanInfoDto> {
  const file = readPlanFile(upload.contentType, upload.bytes);
  await assertProjectHere(tdb, projectId);
  const before = await findPlanMeta(tdb, projectId, { lock: true });
  const { uploadedAt } = await upsertPlan(tdb, projectId, { ...file, fileName: upload.fileName }, userId);
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const after: PlanMeta = {
    projectId,
    kind: file.kind,
    mime: file.mime,
    fileName: upload.fileName,
    size: file.content.length,
    sha256,
    uploadedAt,
  };
  recordChange(tdb, {
    entity: 'plan',
    entityId: projectId,
    action: before ? 'update' : 'create',
    changes: changedFields(before ? trailed(before) : null, trailed(after)),
  });
  return planAnswer(after);
}

/** Removes the project's plan; 404 when it has none. */
export async function removePlan(tdb: TenantDb, projectId: number): Promise<void> {
  await assertProjectHere(tdb, projectId);
  if (!(await removeProjectPlan(tdb, projectId))) throw notFound(NO_PLAN);
}

/** Removes a project's plan if it has one (also when the project itself is deleted); trail 'plan' delete. */
export async function removeProjectPlan(tdb: TenantDb, projectId: number): Promise<boolean> {
  const before = await findPlanMeta(tdb, projectId, { lock: true });
  if (!before) return false;
  await deletePlanRow(tdb, projectId);
  recordChange(tdb, {
    entity: 'plan',
    entityId: projectId,
    action: 'delete',
    changes: changedFields(trailed(before), null),
  });
  return true;
}
