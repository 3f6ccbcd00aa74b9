import {
  developmentListSchema,
  developmentRowsSchema,
  id,
  messageSchema,
  pageQuerySchema,
  savedRowsSchema,
  voidBodySchema,
  voidedQuery,
  voidQuerySchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { checkCategories, getProjectDevelopment, removeDevelopment, saveDevelopment } from './development.service.js';

export async function developmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.post(
    '/api/development',
    { preHandler, schema: { body: developmentRowsSchema, response: { 201: savedRowsSchema } } },
    async (request, reply) => {
      checkCategories(request.body);
      await answerOnce(request, reply, 201, (tdb) => saveDevelopment(tdb, request.body, request.user().userId));
    },
  );

  /** Paged (`?limit=&cursor=&q=`, see lib/paging.ts): at most 500 rows, the next page in `Link`. */
  r.get(
    '/api/development/by-project/:projectId',
    {
      preHandler,
      schema: {
        params: z.object({ projectId: id }),
        querystring: pageQuerySchema.extend({ plotId: id.optional(), ...voidedQuery }),
        response: { 200: developmentListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date');
      const where = { projectId: request.params.projectId, plotId: request.query.plotId };
      const withVoided = request.query.voided === 'include';
      const result = await request.withTenant((tdb) => getProjectDevelopment(tdb, where, page, withVoided));
      return sendPage(request, reply, result);
    },
  );

  /** A void (the entry stays, out of every total): the reason as `{ reason }` or `?reason=`. */
  r.delete(
    '/api/development/:id',
    {
      preHandler,
      schema: {
        params: z.object({ id }),
        querystring: voidQuerySchema,
        body: voidBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const reason = request.body?.reason ?? request.query.reason;
      const userId = request.user().userId;
      await request.withTenant((tdb) => removeDevelopment(tdb, request.params.id, userId, reason));
      return { message: 'Development entry voided.' };
    },
  );
}
