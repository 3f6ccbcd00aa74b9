import { documentMailedSchema, id, indiaDay, mailDocumentSchema, statementQuerySchema } from '@plotbook/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../lib/mail.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { mailDocument } from './document-mail.service.js';
import {
  allotmentDocument,
  type PdfFile,
  type PrintContext,
  receiptDocument,
  statementDocument,
} from './documents.service.js';

/** The PDF as a download: `application/pdf` with a file name that carries the document's number. */
function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.bytes);
}

/**
 * The documents as PDF (issue 22): a receipt (customer and office copies), a buyer's statement of account as of a
 * date and a sale's allotment letter, each on the company's letterhead; printing is logged (and counts a receipt's
 * or letter's copies, so a reprint says DUPLICATE), so these GETs run in a transaction that may write.
 */
export async function documentRoutes(app: FastifyInstance, options: { mailer: Mailer }) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');
  const context = (request: FastifyRequest): PrintContext => {
    const now = app.now();
    return { companyId: request.tenant().tenantId, now, today: indiaDay(now) };
  };
  const pdf = { produces: ['application/pdf'] };

  r.get(
    '/api/payment/:receiptId/pdf',
    { preHandler, schema: { params: z.object({ receiptId: id }), ...pdf } },
    async (request, reply) => {
      const ctx = context(request);
      const file = await request.withTenant((tdb) => receiptDocument(tdb, request.params.receiptId, ctx), {
        writes: true,
      });
      return sendPdf(reply, file);
    },
  );

  r.get(
    '/api/buyer/:buyerId/statement/pdf',
    { preHandler, schema: { params: z.object({ buyerId: id }), querystring: statementQuerySchema, ...pdf } },
    async (request, reply) => {
      const ctx = context(request);
      const file = await request.withTenant(
        (tdb) => statementDocument(tdb, request.params.buyerId, request.query.asOf, ctx),
        { writes: true },
      );
      return sendPdf(reply, file);
    },
  );

  r.get(
    '/api/sale/:saleId/allotment-letter/pdf',
    { preHandler, schema: { params: z.object({ saleId: id }), ...pdf } },
    async (request, reply) => {
      const ctx = context(request);
      const file = await request.withTenant((tdb) => allotmentDocument(tdb, request.params.saleId, ctx), {
        writes: true,
      });
      return sendPdf(reply, file);
    },
  );

  /** Mails one document to the buyer as a PDF attachment (SMTP, or the outbox without it); 409 without an email. */
  r.post(
    '/api/document/mail',
    { preHandler, schema: { body: mailDocumentSchema, response: { 200: documentMailedSchema } } },
    (request) => {
      const ctx = context(request);
      return request.withTenant((tdb) => mailDocument(tdb, options.mailer, request.body, ctx));
    },
  );
}
