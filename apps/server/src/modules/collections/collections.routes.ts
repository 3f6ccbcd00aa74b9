import {
  collectionSettingsSchema,
  NO_EXPORT_DATA,
  type OverdueReport,
  overdueExportQuerySchema,
  overdueQuerySchema,
  overdueReportSchema,
  reminderPayloadSchema,
  reminderResultSchema,
  updateCollectionSettingsSchema,
  XLSX_CONTENT_TYPE,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mail.js';
import { pageRequest, setPageHeaders } from '../../lib/paging.js';
import { answerOf } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { overdueWorkbook } from './collections.export.js';
import {
  asOfDate,
  changeCollectionSettings,
  overdueReport,
  readCollectionSettingsAnswer,
} from './collections.service.js';
import { recordFailedReminders, sendReminders } from './reminders.service.js';

/**
 * Collections (issue 22): the overdue installments with their ageing (paged like the reports: `{ data, totals }`,
 * `Link` and `X-Total-*`), its .xlsx, the reminders a clerk sends, and the company's collection settings. USER and
 * TENANT_ADMIN; the settings are changed by a tenant admin.
 */
export async function collectionRoutes(app: FastifyInstance, options: { mailer: Mailer }) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/collections/overdue',
    { preHandler, schema: { querystring: overdueQuerySchema, response: { 200: overdueReportSchema } } },
    async (request, reply) => {
      const { projectId, asOf } = request.query;
      const result = await request.withTenant(
        (tdb) => overdueReport(tdb, { projectId, asOf: asOfDate(asOf, app.now()) }, pageRequest(request.query, 'date')),
        { replica: true },
      );
      setPageHeaders(request, reply, result.page);
      return result.report;
    },
  );

  r.get(
    '/api/collections/overdue/export',
    { preHandler, schema: { querystring: overdueExportQuerySchema } },
    async (request, reply) => {
      const { projectId, asOf, q } = request.query;
      const day = asOfDate(asOf, app.now());
      const result = await request.withTenant(
        (tdb) =>
          overdueReport(
            tdb,
            { projectId, asOf: day },
            { ...pageRequest({ q }, 'date'), limit: Number.POSITIVE_INFINITY },
          ),
        { replica: true },
      );
      if (result.report.data.length === 0) throw notFound(NO_EXPORT_DATA);
      const shown = answerOf(overdueReportSchema, result.report) as OverdueReport;
      return reply
        .header('content-disposition', `attachment; filename="Overdue_${day}.xlsx"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type(XLSX_CONTENT_TYPE)
        .send(await overdueWorkbook(shown));
    },
  );

  r.post(
    '/api/collections/reminders',
    { preHandler, schema: { body: reminderPayloadSchema, response: { 200: reminderResultSchema } } },
    (request) =>
      request.withTenant((tdb) =>
        sendReminders(tdb, options.mailer, request.body.installmentIds, request.user().userId, app.now(), (ids) =>
          request.withTenant((failed) => recordFailedReminders(failed, ids, app.now())),
        ),
      ),
  );

  r.get(
    '/api/collections/settings',
    { preHandler, schema: { response: { 200: collectionSettingsSchema } } },
    (request) => request.withTenant((tdb) => readCollectionSettingsAnswer(tdb)),
  );

  r.put(
    '/api/collections/settings',
    {
      preHandler: app.requireRole('TENANT_ADMIN'),
      schema: { body: updateCollectionSettingsSchema, response: { 200: collectionSettingsSchema } },
    },
    (request) => request.withTenant((tdb) => changeCollectionSettings(tdb, request.body, request.user().userId)),
  );
}
