import { cancellationSchema, cancelSaleSchema, clearRefundSchema, id } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { cancelSale, clearRefund, getCancellation } from './cancellations.service.js';

/** Cancellation with refund (issue 20): cancel a sale, clear its refund cheque, read the cancellation. */
export async function cancellationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');
  const params = z.object({ saleId: id });

  r.post(
    '/api/sale/:saleId/cancel',
    { preHandler, schema: { params, body: cancelSaleSchema, response: { 201: cancellationSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        cancelSale(tdb, request.params.saleId, request.body, request.user().userId),
      ),
  );

  r.post(
    '/api/sale/:saleId/refund/clear',
    { preHandler, schema: { params, body: clearRefundSchema, response: { 200: cancellationSchema } } },
    (request) => request.withTenant((tdb) => clearRefund(tdb, request.params.saleId, request.body)),
  );

  r.get(
    '/api/sale/:saleId/cancellation',
    { preHandler, schema: { params, response: { 200: cancellationSchema } } },
    (request) => request.withTenant((tdb) => getCancellation(tdb, request.params.saleId)),
  );
}
