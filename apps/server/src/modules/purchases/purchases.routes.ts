import {
  id,
  messageSchema,
  pageQuerySchema,
  purchaseEditSchema,
  purchaseListSchema,
  purchaseRowsSchema,
  purchaseSchema,
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
import { editPurchase, getProjectPurchases, removePurchase, savePurchases } from './purchases.service.js';

const params = z.object({ id });

export async function purchaseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** Saves all rows in one transaction: a batch with one bad row stores nothing. */
  r.post(
    '/api/purchase',
    { preHandler, schema: { body: purchaseRowsSchema, response: { 201: savedRowsSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) => savePurchases(tdb, request.body, request.user().userId)),
  );

  /** Paged (`?limit=&cursor=&q=`, see lib/paging.ts): at most 500 rows, the next page in `Link`. */
  r.get(
    '/api/purchase/by-project/:projectId',
    {
      preHandler,
      schema: {
        params: z.object({ projectId: id }),
        querystring: pageQuerySchema.extend(voidedQuery),
        response: { 200: purchaseListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date');
      const withVoided = request.query.voided === 'include';
      const result = await request.withTenant((tdb) =>
        getProjectPurchases(tdb, request.params.projectId, page, withVoided),
      );
      return sendPage(request, reply, result);
    },
  );

  r.put(
    '/api/purchase/:id',
    { preHandler, schema: { params, body: purchaseEditSchema, response: { 200: purchaseSchema } } },
    (request) => request.withTenant((tdb) => editPurchase(tdb, request.params.id, request.body)),
  );

  /** A void (the entry stays, out of every total): the reason as `{ reason }` or `?reason=`. */
  r.delete(
    '/api/purchase/:id',
    {
      preHandler,
      schema: { params, querystring: voidQuerySchema, body: voidBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const reason = request.body?.reason ?? request.query.reason;
      const userId = request.user().userId;
      await request.withTenant((tdb) => removePurchase(tdb, request.params.id, userId, reason));
      return { message: 'Purchase entry voided.' };
    },
  );
}
