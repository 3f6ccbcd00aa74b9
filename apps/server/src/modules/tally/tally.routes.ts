import { tallyExportQuerySchema, tallyFileName, tallyLedgersSchema, XLSX_CONTENT_TYPE } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { tallyWorkbook } from './tally.export.js';
import { getTallyLedgers, saveTally, tallyVouchers } from './tally.service.js';
import { tallyXml } from './tally.xml.js';

/**
 * The Tally export (issue 22, item 6). Exporting is a report: USER and TENANT_ADMIN, as every report export. The
 * ledger mapping is read by both (the export screen names the ledgers) and set by a tenant admin (Settings → Tally).
 */
export async function tallyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const anyUser = app.requireRole('USER');

  r.get('/api/tally/ledgers', { preHandler: anyUser, schema: { response: { 200: tallyLedgersSchema } } }, (request) =>
    request.withTenant((tdb) => getTallyLedgers(tdb)),
  );

  r.put(
    '/api/tally/ledgers',
    {
      preHandler: app.requireRole('TENANT_ADMIN'),
      schema: { body: tallyLedgersSchema, response: { 200: tallyLedgersSchema } },
    },
    (request) => request.withTenant((tdb) => saveTally(tdb, request.body, request.user().userId)),
  );

  r.get(
    '/api/export/tally',
    { preHandler: anyUser, schema: { querystring: tallyExportQuerySchema } },
    async (request, reply) => {
      const { ledgers, vouchers } = await request.withTenant((tdb) => tallyVouchers(tdb, request.query), {
        replica: true,
      });
      return reply
        .header('content-disposition', `attachment; filename="${tallyFileName(request.query, 'xml')}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('application/xml; charset=utf-8')
        .send(tallyXml(ledgers.companyName, vouchers));
    },
  );

  r.get(
    '/api/export/tally/xlsx',
    { preHandler: anyUser, schema: { querystring: tallyExportQuerySchema } },
    async (request, reply) => {
      const { vouchers } = await request.withTenant((tdb) => tallyVouchers(tdb, request.query), { replica: true });
      return reply
        .header('content-disposition', `attachment; filename="${tallyFileName(request.query, 'xlsx')}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type(XLSX_CONTENT_TYPE)
        .send(await tallyWorkbook(vouchers));
    },
  );
}
