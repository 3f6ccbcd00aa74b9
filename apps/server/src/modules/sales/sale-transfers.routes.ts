import { id, saleTransferredSchema, saleTransferSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { transferSale } from './sale-transfers.service.js';

export async function saleTransferRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** Hands an active sale, its schedule, receipts and balance to another buyer; the fee is owed on the sale. */
  r.post(
    '/api/sale/:saleId/transfer',
    {
      preHandler,
      schema: { params: z.object({ saleId: id }), body: saleTransferSchema, response: { 201: saleTransferredSchema } },
    },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        transferSale(tdb, request.params.saleId, request.body, request.user().userId),
      ),
  );
}
