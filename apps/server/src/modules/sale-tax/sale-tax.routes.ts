import { tdsPendingListSchema, tdsPendingQuery } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getTdsPending } from './sale-tax.service.js';

/** The tax rules' own report: "TDS certificates pending" of a project (s.194-IA). */
export async function saleTaxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  r.get(
    '/api/report/tds-pending',
    {
      preHandler: app.requireRole('USER'),
      schema: { querystring: tdsPendingQuery, response: { 200: tdsPendingListSchema } },
    },
    (request) => request.withTenant((tdb) => getTdsPending(tdb, request.query.projectId)),
  );
}
