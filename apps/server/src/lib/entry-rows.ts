import { toPaise } from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { badRequest, notFound } from './app-error.js';

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
  const projects = await tdb.selectFrom('projects').select('id').where('id', 'in', projectIds).execute();
  const known = new Set(projects.map((p) => p.id));
  const missing = projectIds.find((id) => !known.has(id));
  if (missing !== undefined) throw notFound('Project not found.');

  const links = await tdb
    .selectFrom('partner_projects')
    .select(['partner_id', 'project_id'])
    .where('project_id', 'in', projectIds)
    .execute();
  const linked = new Set(links.map((l) => `${l.project_id}:${l.partner_id}`));
  const plotIds = [...new Set(rows.flatMap((r) => (r.plotId ? [r.plotId] : [])))];
  const plots = plotIds.length
    ? await tdb.selectFrom('plots').select(['id', 'project_id']).where('id', 'in', plotIds).execute()
    : [];
  const plotProject = new Map(plots.map((p) => [p.id, p.project_id]));

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
}

/** The columns every money row shares, with money in paise and the mode date defaulting to the row date. */
export function moneyColumns(row: {
  projectId: number;
  partnerId: number;
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  amount: number;
}) {
  return {
    project_id: row.projectId,
    partner_id: row.partnerId,
    particular: row.particular,
    entry_date: row.date,
    mode: row.mode,
    mode_detail: row.modeDetail,
    credit_to: row.creditTo,
    mode_date: row.modeDate ?? row.date,
    amount_paise: toPaise(row.amount),
  };
}

export function moneyDto(r: {
  project_id: number;
  project_name: string;
  partner_id: number | null;
  partner_name: string | null;
  particular: string;
  entry_date: string;
  mode: string;
  mode_detail: string | null;
  credit_to: string | null;
  mode_date: string | null;
  amount_paise: number;
}) {
  return {
    projectId: r.project_id,
    projectName: r.project_name,
    partnerId: r.partner_id,
    partnerName: r.partner_name,
    particular: r.particular,
    date: r.entry_date,
    mode: r.mode,
    modeDetail: r.mode_detail,
    creditTo: r.credit_to,
    modeDate: r.mode_date,
    amount: r.amount_paise / 100,
  };
}
