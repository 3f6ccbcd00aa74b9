import {
  ACTIVITY_NAMES,
  ACTIVITY_TYPES,
  activityInputSchema,
  activityListSchema,
  activityNamesSchema,
  activitySchema,
  id,
  messageSchema,
  pageQuerySchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getProjectActivities, removeActivity, saveActivity } from './activities.service.js';

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** Paged (`?limit=&cursor=&q=`, see lib/paging.ts): at most 500 rows, the next page in `Link`. */
  r.get(
    '/api/activity/list',
    {
      preHandler,
      schema: { querystring: pageQuerySchema.extend({ projectId: id }), response: { 200: activityListSchema } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'timestamp');
      const result = await request.withTenant((tdb) => getProjectActivities(tdb, request.query.projectId, page));
      return sendPage(request, reply, result);
    },
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
        response: { 200: activityNamesSchema },
      },
    },
    async (request) => [...ACTIVITY_NAMES[request.query.type]],
  );

  /** Creates an activity, or updates it when `id` is given (the inline status change uses this). */
  r.post(
    '/api/activity/save',
    { preHandler, schema: { body: activityInputSchema, response: { 200: activitySchema, 201: activitySchema } } },
    async (request, reply) => {
      const { id: activityId, ...values } = request.body;
      const saved = await request.withTenant((tdb) => saveActivity(tdb, activityId ?? null, values));
      return reply.status(saved.created ? 201 : 200).send(saved.activity);
    },
  );

  r.delete(
    '/api/activity/:id',
    { preHandler, schema: { params: z.object({ id }), response: { 200: messageSchema } } },
    async (request) => {
      await request.withTenant((tdb) => removeActivity(tdb, request.params.id));
      return { message: 'Activity deleted.' };
    },
  );
}
