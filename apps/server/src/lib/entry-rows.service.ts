import { archivedMessage, type Paise, plotLabel, sumPaise } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { badRequest, conflict, notFound } from './app-error.js';
import { findArchived, findRowRefs } from './entry-rows.repository.js';

interface RowRefs {
  projectId: number;
  partnerId: number;
  plotId?: number | null;
}

/**
 * Checks the references of a batch of money rows in one go: every project exists, every partner is a partner
 * of that row's project, and every plot belongs to that row's project. Row numbers in messages start at 1.
 */
export async function checkRowRefs(tdb: TenantDb, rows: readonly RowRefs[]): Promise<void> {
  const projectIds = [...new Set(rows.map((r) => r.projectId))];
  const plotIds = [...new Set(rows.flatMap((r) => (r.plotId ? [r.plotId] : [])))];
  const refs = await findRowRefs(tdb, projectIds, plotIds);
  const known = new Set(refs.projectIds);
  const missing = projectIds.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('Project not found.');

  const linked = new Set(refs.links.map((l) => `${l.projectId}:${l.partnerId}`));
  const plotProject = new Map(refs.plots.map((p) => [p.plotId, p.projectId]));

  rows.forEach((row, i) => {
    if (!linked.has(`${row.projectId}:${row.partnerId}`)) {
      throw badRequest(`Row ${i + 1}: the partner is not a partner of this project.`, {
        [`${i}.partnerId`]: 'Not a partner of this project',
      });
    }
    if (row.plotId && plotProject.get(row.plotId) !== row.projectId) {
      throw badRequest(`Row ${i + 1}: the plot does not belong to this project.`, {
        [`${i}.plotId`]: 'Not a plot of this project',
      });
    }
  });
  await refuseArchived(tdb, { projectIds, plotIds, partnerIds: [...new Set(rows.map((r) => r.partnerId))] });
}

/**
 * New money may not name an archived project, plot or partner (issue 19): 409 naming the first one, "… is archived;
 * restore it before recording money against it.". Its money already recorded stays in every report.
 */
export async function refuseArchived(
  tdb: TenantDb,
  refs: { projectIds: readonly number[]; plotIds?: readonly number[]; partnerIds?: readonly number[] },
): Promise<void> {
  const [first] = await findArchived(tdb, { plotIds: [], partnerIds: [], ...refs });
  if (!first) return;
  const what = first.kind === 'Plot' ? plotLabel(first.name) : `${first.kind} ${first.name}`;
  throw conflict(archivedMessage(what));
}

/** The answer to a saved batch: its ids and the rupees it recorded. */
export function savedRows(message: string, saved: readonly { id: number; amountPaise: Paise }[]) {
  return { message, ids: saved.map((s) => s.id), total: sumPaise(saved.map((s) => s.amountPaise)) };
}
