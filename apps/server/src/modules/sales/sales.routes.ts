import {
  createSaleSchema,
  id,
  saleAgreementSchema,
  saleListSchema,
  saleSavedSchema,
  saleScheduleSchema,
  updateSaleSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { cancellationRoutes } from './cancellations.routes.js';
import { setSaleAgreement } from './sale-agreement.service.js';
import { correctSale } from './sale-corrections.service.js';
import { createSale, getProjectSales, getSaleSchedule } from './sales.service.js';

export async function saleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');
  await cancellationRoutes(app);

  r.post(
    '/api/sale',
    { preHandler, schema: { body: createSaleSchema, response: { 201: saleSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        createSale(tdb, request.body, request.user().userId, undefined, {
          isAdmin: request.user().role === 'TENANT_ADMIN',
          now: app.now(),
        }),
      ),
  );

  /** Corrects an active sale (`reason` required): its figures, dates and buyer; the schedule is rebuilt. */
  r.put(
    '/api/sale/:saleId',
    {
      preHandler,
      schema: { params: z.object({ saleId: id }), body: updateSaleSchema, response: { 200: saleSavedSchema } },
    },
    (request) =>
      request.withTenant((tdb) => correctSale(tdb, request.params.saleId, request.body, request.user().userId)),
  );

  /** The Sales listing: a project's active sales (at most one per plot, so no paging) with received and pending. */
  r.get(
    '/api/sale/project/:projectId',
    {
      preHandler,
      schema: {
        params: z.object({ projectId: id }),
        // `?cancelled=include` adds the cancelled sales (issue 20), with their status; spec clients get active ones.
        querystring: z.object({ cancelled: z.enum(['include', 'exclude']).optional() }),
        response: { 200: saleListSchema },
      },
    },
    (request) =>
      request.withTenant((tdb) =>
        getProjectSales(tdb, request.params.projectId, request.query.cancelled === 'include'),
      ),
  );

  r.get(
    '/api/sale/:saleId/schedule',
    { preHandler, schema: { params: z.object({ saleId: id }), response: { 200: saleScheduleSchema } } },
    (request) => request.withTenant((tdb) => getSaleSchedule(tdb, request.params.saleId)),
  );

  /** RERA s.13: the agreement for sale's registration date, set (or cleared) after the sale. */
  r.put(
    '/api/sale/:saleId/agreement',
    {
      preHandler,
      schema: { params: z.object({ saleId: id }), body: saleAgreementSchema, response: { 200: saleSavedSchema } },
    },
    (request) => request.withTenant((tdb) => setSaleAgreement(tdb, request.params.saleId, request.body.agreementDate)),
  );
}
