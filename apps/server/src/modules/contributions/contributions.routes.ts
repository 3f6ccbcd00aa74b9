import {
  contributionDeleteSchema,
  contributionUpdateSchema,
  developmentListSchema,
  developmentSchema,
  id,
  messageSchema,
  pageQuerySchema,
  voidedQuery,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { pageContributions, removeContribution, updateContribution } from './contributions.service.js';

/**
 * Partner Contribution ("Plot Development Activity"): the development rows of a project (or one plot of it),
 * each editable and deletable on its own.
 */
export async function contributionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** Paged like the development list (`?limit=&cursor=&q=`, see lib/paging.ts). */
  r.get(
    '/api/partnercontribution',
    {
      preHandler,
      schema: {
        querystring: pageQuerySchema.extend({ projectId: id, plotId: id.optional(), ...voidedQuery }),
        response: { 200: developmentListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date');
      const { projectId, plotId } = request.query;
      const withVoided = request.query.voided === 'include';
      const result = await request.withTenant((tdb) => pageContributions(tdb, { projectId, plotId }, page, withVoided));
      return sendPage(request, reply, result);
    },
  );

  r.post(
    '/api/partnercontribution/update',
    { preHandler, schema: { body: contributionUpdateSchema, response: { 200: developmentSchema } } },
    (request) => request.withTenant((tdb) => updateContribution(tdb, request.body)),
  );

  r.post(
    '/api/partnercontribution/delete',
    { preHandler, schema: { body: contributionDeleteSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { developmentId, reason } = request.body;
      const userId = request.user().userId;
      await request.withTenant((tdb) => removeContribution(tdb, developmentId, userId, reason));
      return { message: 'Contribution voided.' };
    },
  );
}
