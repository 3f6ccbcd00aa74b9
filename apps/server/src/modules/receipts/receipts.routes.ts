import {
  createPaymentSchema,
  id,
  indiaDay,
  messageSchema,
  paymentSavedSchema,
  paymentSummarySchema,
  receiptLineEditSchema,
  receiptListSchema,
  receiptReverseSchema,
  receiptStatusChangeSchema,
  voidBodySchema,
  voidedQuery,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { editReceiptLine, removeReceiptLine } from './receipt-line-edits.service.js';
import { reverseReceipt } from './receipt-reversals.service.js';
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
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        savePayment(tdb, request.body, request.user().userId, indiaDay(app.now())),
      ),
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
    {
      preHandler,
      schema: { params: plotParams, querystring: z.object(voidedQuery), response: { 200: receiptListSchema } },
    },
    (request) => {
      const withVoided = request.query.voided === 'include';
      return request.withTenant((tdb) => getPlotReceipts(tdb, request.params.plotId, withVoided));
    },
  );

  /** Clears (Completed) or bounces (Cancelled) a Pending receipt. A replay with the same key answers the same. */
  r.put(
    '/api/payment/:id/status',
    {
      preHandler,
      schema: { params: z.object({ id }), body: receiptStatusChangeSchema, response: { 200: paymentSavedSchema } },
    },
    (request, reply) =>
      answerOnce(request, reply, 200, (tdb) =>
        changeReceiptStatus(tdb, request.params.id, request.body, indiaDay(app.now())),
      ),
  );

  /** Reverses a Completed receipt (`{ reason }`, required): it stays, Reversed, out of every total. */
  r.post(
    '/api/payment/:id/reverse',
    {
      preHandler,
      schema: { params: z.object({ id }), body: receiptReverseSchema, response: { 200: paymentSavedSchema } },
    },
    (request, reply) => {
      const userId = request.user().userId;
      return answerOnce(request, reply, 200, (tdb) =>
        reverseReceipt(tdb, request.params.id, userId, request.body?.reason, indiaDay(app.now())),
      );
    },
  );

  const lineParams = z.object({ lineId: id });

  /** A Pending receipt's line gets a new amount (and mode detail); `reason` required when saved before today. */
  r.put(
    '/api/payment/line/:lineId',
    { preHandler, schema: { params: lineParams, body: receiptLineEditSchema, response: { 200: messageSchema } } },
    (request) => request.withTenant((tdb) => editReceiptLine(tdb, request.params.lineId, request.body)),
  );

  /** Voids a Pending receipt's line (`{ reason }`, required): it stays, out of the receipt's total and every report. */
  r.post(
    '/api/payment/line/:lineId/void',
    { preHandler, schema: { params: lineParams, body: voidBodySchema, response: { 200: messageSchema } } },
    (request) => {
      const userId = request.user().userId;
      return request.withTenant((tdb) => removeReceiptLine(tdb, request.params.lineId, userId, request.body?.reason));
    },
  );
}
