import {
  createPaymentSchema,
  id,
  paymentSavedSchema,
  paymentSummarySchema,
  receiptListSchema,
  receiptStatusChangeSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { changeReceiptStatus, getPaymentSummary, getPlotReceipts, savePayment } from './receipts.service.js';

const plotParams = z.object({ plotId: id });

/** Payment Receipt: money coming in for a sold plot, one receipt with its lines at a time. */
export async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** The receipt and all its lines in one transaction; answers the plot's pending balance after it. */
  r.post(
    '/api/payment',
    { preHandler, schema: { body: createPaymentSchema, response: { 201: paymentSavedSchema } } },
    (request, reply) => answerOnce(request, reply, 201, (tdb) => savePayment(tdb, request.body, request.user().userId)),
  );

  /** The spec reads `pendingBalance` here and `monthlyAmount` from the next route; both answer the whole summary. */
  r.get(
    '/api/payment/pending/:plotId',
    { preHandler, schema: { params: plotParams, response: { 200: paymentSummarySchema } } },
    (request) => request.withTenant((tdb) => getPaymentSummary(tdb, request.params.plotId)),
  );

  r.get(
    '/api/payment/monthly/:plotId',
    { preHandler, schema: { params: plotParams, response: { 200: paymentSummarySchema } } },
    (request) => request.withTenant((tdb) => getPaymentSummary(tdb, request.params.plotId)),
  );

  /** A plot's receipts, newest first, with their lines. A plot has tens of receipts, not thousands: no paging. */
  r.get(
    '/api/payment/plot/:plotId',
    { preHandler, schema: { params: plotParams, response: { 200: receiptListSchema } } },
    (request) => request.withTenant((tdb) => getPlotReceipts(tdb, request.params.plotId)),
  );

  /** Clears (Completed) or bounces (Cancelled) a Pending receipt. A replay with the same key answers the same. */
  r.put(
    '/api/payment/:id/status',
    {
      preHandler,
      schema: { params: z.object({ id }), body: receiptStatusChangeSchema, response: { 200: paymentSavedSchema } },
    },
    (request, reply) =>
      answerOnce(request, reply, 200, (tdb) => changeReceiptStatus(tdb, request.params.id, request.body)),
  );
}
