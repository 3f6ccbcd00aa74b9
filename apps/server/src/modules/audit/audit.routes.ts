import { auditListSchema, auditQuerySchema, auditVerifySchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { assertMayReadAudit, listAudit, verifyAudit } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();

  /**
   * The audit trail, newest first, paged (`?limit=&cursor=&q=`, see lib/paging.ts), filtered by record, user,
   * action and days. A tenant admin reads it all; a user only one record's history (`?entity=&entityId=`).
   */
  r.get(
    '/api/audit',
    {
      preHandler: app.requireRole('USER'),
      schema: { querystring: auditQuerySchema, response: { 200: auditListSchema } },
    },
    async (request, reply) => {
      assertMayReadAudit(request.user().role, request.query);
      const page = pageRequest(request.query, 'timestamp');
      const result = await request.withTenant((tdb) => listAudit(tdb, request.query, page));
      return sendPage(request, reply, result);
    },
  );

  /** Walks the company's hash chain: `{ ok, rows, firstBrokenId }` names the first row that does not hold. */
  r.get(
    '/api/audit/verify',
    { preHandler: app.requireRole('TENANT_ADMIN'), schema: { response: { 200: auditVerifySchema } } },
    (request) => request.withTenant((tdb) => verifyAudit(tdb)),
  );
}
