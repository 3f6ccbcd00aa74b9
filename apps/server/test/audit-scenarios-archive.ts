import { row, type ScenarioTable, type TrailContext } from './audit-scenarios.js';

/** Archive, not delete (issue 19): a tenant admin archives or restores a project, plot or partner, with a reason. */
const ARCHIVED = ['archived_at', 'archived_by', 'archive_reason'];

type Master = 'project' | 'plot' | 'partner';

/** A fresh record of the kind, as the factories build it: its id. */
async function built(c: TrailContext, entity: Master): Promise<number> {
  if (entity === 'partner') return c.f.partner();
  const project = await c.f.project({ plots: 1 });
  return entity === 'project' ? project.projectId : (project.plots[0]?.plotId as number);
}

const archive = (entity: Master) => ({
  async run(c: TrailContext) {
    const id = await built(c, entity);
    const res = await c.write('POST', `/api/${entity}/${id}/archive`, { reason: 'Sold off the rest' }, c.admin.token);
    return { res, rows: [row(entity, id, 'archive', c.admin.id, ARCHIVED)] };
  },
});

const restore = (entity: Master) => ({
  async run(c: TrailContext) {
    const id = await built(c, entity);
    await c.call('POST', `/api/${entity}/${id}/archive`, { reason: 'Archived by mistake' }, c.admin.token);
    const res = await c.write('POST', `/api/${entity}/${id}/restore`, { reason: 'Still selling' }, c.admin.token);
    return { res, rows: [row(entity, id, 'restore', c.admin.id, ARCHIVED)] };
  },
});

export const ARCHIVE_SCENARIOS: ScenarioTable = Object.fromEntries(
  (['project', 'plot', 'partner'] as const).flatMap((entity) => [
    [`POST /api/${entity}/{id}/archive`, archive(entity)],
    [`POST /api/${entity}/{id}/restore`, restore(entity)],
  ]),
);
