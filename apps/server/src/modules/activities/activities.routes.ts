import { ACTIVITY_NAMES, ACTIVITY_TYPES, type ActivityDto, activityInputSchema, id } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { assertProject } from '../projects/projects.service.js';

async function listActivities(tdb: TenantDb, where: { projectId?: number; id?: number }): Promise<ActivityDto[]> {
  let query = tdb.selectFrom('activities').selectAll().orderBy('created_at').orderBy('id');
  if (where.projectId !== undefined) query = query.where('project_id', '=', where.projectId);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  const rows = await query.execute();
  return rows.map((a) => ({
    id: a.id,
    projectId: a.project_id,
    activityType: a.activity_type as ActivityDto['activityType'],
    activityName: a.activity_name,
    status: a.status,
    createdDate: new Date(a.created_at).toISOString(),
  }));
}

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get('/api/activity/list', { preHandler, schema: { querystring: z.object({ projectId: id }) } }, (request) =>
    request.withTenant(async (tdb) => {
      await assertProject(tdb, request.query.projectId);
      return listActivities(tdb, { projectId: request.query.projectId });
    }),
  );

  r.get(
    '/api/activity/names',
    {
      preHandler,
      schema: {
        querystring: z.object({
          projectId: id.optional(),
          type: z.enum(ACTIVITY_TYPES, { error: 'Select an activity type' }),
        }),
      },
    },
    async (request) => [...ACTIVITY_NAMES[request.query.type]],
  );

  /** Creates an activity, or updates it when `id` is given (the inline status change uses this). */
  r.post('/api/activity/save', { preHandler, schema: { body: activityInputSchema } }, async (request, reply) =>
    request.withTenant(async (tdb) => {
      const body = request.body;
      await assertProject(tdb, body.projectId);
      const values = {
        project_id: body.projectId,
        activity_type: body.activityType,
        activity_name: body.activityName,
        status: body.status,
      };
      if (body.id) {
        const updated = await tdb
          .updateTable('activities')
          .set(values)
          .where('id', '=', body.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw notFound('Activity not found.');
        return (await listActivities(tdb, { id: updated.id }))[0];
      }
      const created = await tdb.insertInto('activities').values(values).returning('id').executeTakeFirstOrThrow();
      reply.status(201);
      return (await listActivities(tdb, { id: created.id }))[0];
    }),
  );

  r.delete('/api/activity/:id', { preHandler, schema: { params: z.object({ id }) } }, async (request) => {
    const deleted = await request.withTenant((tdb) =>
      tdb.deleteFrom('activities').where('id', '=', request.params.id).returning('id').executeTakeFirst(),
    );
    if (!deleted) throw notFound('Activity not found.');
    return { message: 'Activity deleted.' };
  });
}
