import {
  id,
  messageSchema,
  pageQuerySchema,
  partnerReceiptListSchema,
  partnerSummaryListSchema,
  payoutInputSchema,
  payoutListSchema,
  payoutQuerySchema,
  payoutSavedSchema,
  projectQuerySchema,
  REPORT_PAGE_LIMIT,
  voidBodySchema,
  voidedQuery,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import {
  getPartnersSummary,
  getPayouts,
  getProjectReceipts,
  recordPayout,
  removePayout,
} from './partner-payments.service.js';

export async function partnerPaymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/payment/partners-summary',
    { preHandler, schema: { querystring: projectQuerySchema, response: { 200: partnerSummaryListSchema } } },
    (request) => request.withTenant((tdb) => getPartnersSummary(tdb, request.query.projectId)),
  );

  /** The project's receipt lines ("See All Receipt"). Paged (`?limit=&cursor=&q=`, see lib/paging.ts). */
  r.get(
    '/api/payment/receipts',
    {
      preHandler,
      schema: {
        querystring: pageQuerySchema.extend(projectQuerySchema.shape),
        response: { 200: partnerReceiptListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date', REPORT_PAGE_LIMIT);
      const result = await request.withTenant((tdb) => getProjectReceipts(tdb, request.query.projectId, page));
      return sendPage(request, reply, result);
    },
  );

  r.post(
    '/api/partner-payout',
    { preHandler, schema: { body: payoutInputSchema, response: { 201: payoutSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) => recordPayout(tdb, request.body, request.user().userId)),
  );

  /** A project's payouts, or one partner's. Paged (`?limit=&cursor=&q=`, see lib/paging.ts). */
  r.get(
    '/api/partner-payout',
    {
      preHandler,
      schema: {
        querystring: pageQuerySchema.extend(payoutQuerySchema.shape).extend(voidedQuery),
        response: { 200: payoutListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date');
      const where = { projectId: request.query.projectId, partnerId: request.query.partnerId };
      const withVoided = request.query.voided === 'include';
      const result = await request.withTenant((tdb) => getPayouts(tdb, where, page, withVoided));
      return sendPage(request, reply, result);
    },
  );

  /** Voids a payout (`{ reason }`, required): it stays, out of Payment To Partner and every total. */
  r.post(
    '/api/partner-payout/:id/void',
    { preHandler, schema: { params: z.object({ id }), body: voidBodySchema, response: { 200: messageSchema } } },
    (request) => {
      const userId = request.user().userId;
      return request.withTenant((tdb) => removePayout(tdb, request.params.id, userId, request.body?.reason));
    },
  );
}
