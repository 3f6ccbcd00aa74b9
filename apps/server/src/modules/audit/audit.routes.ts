import {
  auditExportFileName,
  auditExportQuerySchema,
  auditListSchema,
  auditQuerySchema,
  auditVerifySchema,
  NO_EXPORT_DATA,
  XLSX_CONTENT_TYPE,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { pageRequest, sendPage } from '../../lib/paging.js';
import { answerOf } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { auditWorkbook } from './audit.export.js';
import { assertMayReadAudit, exportAuditRows, listAudit, verifyAudit } from './audit.service.js';

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
      assertMayReadAudit(request.user().role, request.user().userId, request.query);
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

  /**
   * The trail as an .xlsx (tenant admin): the filters and search of `GET /api/audit`, every matching row newest
   * first up to `AUDIT_EXPORT_LIMIT` (100,000; a last row says when there were more), 404 when none match.
   */
  r.get(
    '/api/audit/export',
    { preHandler: app.requireRole('TENANT_ADMIN'), schema: { querystring: auditExportQuerySchema } },
    async (request, reply) => {
      const { rows, truncated } = await request.withTenant((tdb) => exportAuditRows(tdb, request.query));
      if (rows.length === 0) throw notFound(NO_EXPORT_DATA);
      const stream = await auditWorkbook(answerOf(auditListSchema, rows), truncated);
      return reply
        .header('content-disposition', `attachment; filename="${auditExportFileName(request.query)}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('x-export-truncated', String(truncated))
        .type(XLSX_CONTENT_TYPE)
        .send(stream);
    },
  );
}
