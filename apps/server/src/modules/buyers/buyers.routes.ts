import {
  buyerDetailSchema,
  buyerIdParams,
  buyerInputSchema,
  buyerListSchema,
  buyerSavedSchema,
  pageQuerySchema,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { createBuyer, editBuyer, getBuyer, getBuyers, type Viewer } from './buyers.service.js';

const viewerOf = (request: FastifyRequest): Viewer => ({ isAdmin: request.user().role === 'TENANT_ADMIN' });

export async function buyerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** The Buyers list, paged (`?limit=&cursor=&q=`, lib/paging.ts); `q` finds a name or a mobile. */
  r.get(
    '/api/buyer',
    { preHandler, schema: { querystring: pageQuerySchema, response: { 200: buyerListSchema } } },
    async (request, reply) => {
      const page = pageRequest(request.query, 'timestamp');
      const result = await request.withTenant((tdb) => getBuyers(tdb, page, viewerOf(request)));
      return sendPage(request, reply, result);
    },
  );

  r.post(
    '/api/buyer',
    { preHandler, schema: { body: buyerInputSchema, response: { 201: buyerSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        createBuyer(tdb, request.body, request.user().userId, viewerOf(request)),
      ),
  );

  /** The buyer with their sales, what each received and what they still owe. */
  r.get(
    '/api/buyer/:id',
    { preHandler, schema: { params: buyerIdParams, response: { 200: buyerDetailSchema } } },
    (request) => request.withTenant((tdb) => getBuyer(tdb, request.params.id, viewerOf(request))),
  );

  r.put(
    '/api/buyer/:id',
    { preHandler, schema: { params: buyerIdParams, body: buyerInputSchema, response: { 200: buyerSavedSchema } } },
    (request) => request.withTenant((tdb) => editBuyer(tdb, request.params.id, request.body, viewerOf(request))),
  );
}
