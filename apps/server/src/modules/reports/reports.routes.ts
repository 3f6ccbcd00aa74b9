import {
  farmerAccountReportSchema,
  NO_EXPORT_DATA,
  PARTNER_ROW_SOURCES,
  pageQuerySchema,
  partnerPaymentDetailsReportSchema,
  partnerSummaryReportSchema,
  paymentExpectedMonthSchema,
  paymentExpectedReportSchema,
  paymentMonthWiseReportSchema,
  paymentReceiptsReportSchema,
  plotWiseReportSchema,
  projectWiseQuerySchema,
  projectWiseReportSchema,
  REPORT_COLUMNS,
  REPORT_KEYS,
  REPORT_PAGE_LIMIT,
  REPORT_TOTAL_ROWS,
  type ReportKey,
  reportFileName,
  reportPartnerParamsSchema,
  reportProjectMonthParamsSchema,
  reportProjectParamsSchema,
  reportSheetName,
  XLSX_CONTENT_TYPE,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { type PageRequest, pageRequest, setPageHeaders } from '../../lib/paging.js';
import { answerOf, jsonRowsOr } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { reportWorkbook } from './reports.export.js';
import {
  farmerAccountReport,
  type PagedReport,
  partnerPaymentDetailsReport,
  partnerSummaryReport,
  paymentExpectedMonth,
  paymentExpectedReport,
  paymentMonthWiseReport,
  paymentReceiptsReport,
  plotWiseReport,
  projectWiseReport,
} from './reports.service.js';

interface Report {
  data: readonly object[];
  totals: object;
}

/** Each report's answer, as the screen reads it and as its export writes it. */
const REPORT_SCHEMAS: Record<ReportKey, z.ZodType> = {
  projectWise: projectWiseReportSchema,
  plotWise: plotWiseReportSchema,
  paymentReceipts: paymentReceiptsReportSchema,
  farmerAccount: farmerAccountReportSchema,
  paymentMonthWise: paymentMonthWiseReportSchema,
  paymentExpected: paymentExpectedReportSchema,
  partnerSummary: partnerSummaryReportSchema,
  partnerPaymentDetails: partnerPaymentDetailsReportSchema,
};

/**
 * Sends a report as its .xlsx (spec 001 §9 name); a report without rows has nothing to export (404). Its money goes
 * into the cells as the screen shows it: the report's paise fields in rupees, by the serializer's own converter.
 */
async function sendExport(reply: FastifyReply, key: ReportKey, report: Report, projectId?: number) {
  if (report.data.length === 0) throw notFound(NO_EXPORT_DATA);
  const shown = answerOf(REPORT_SCHEMAS[key], report) as Report;
  const stream = await reportWorkbook(
    key,
    reportSheetName(key, projectId),
    shown.data as Record<string, unknown>[],
    shown.totals as Record<string, unknown>,
  );
  return reply
    .header('content-disposition', `attachment; filename="${reportFileName(key, projectId)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type(XLSX_CONTENT_TYPE)
    .send(stream);
}

/**
 * The paged reports (Payment Receipts and the two partner reports) answer `{ data, totals }` with `data` one page
 * of rows (`?limit=&cursor=&q=`, lib/paging.ts): the next page's address in `Link`, the counts in `X-Total-*`,
 * and `totals` the SQL total row of every (searched) row.
 */
function sendReportPage<R>(request: FastifyRequest, reply: FastifyReply, result: PagedReport<R>): R {
  setPageHeaders(request, reply, result.page);
  return result.report;
}

/** An export's rows: every row of the report (no page), searched by `?q=` when given, as the screen shows them. */
const exportQuerySchema = pageQuerySchema.pick({ q: true });
const everyRow = (query: { q?: string }): PageRequest => ({
  ...pageRequest(query, 'date'),
  limit: Number.POSITIVE_INFINITY,
});

/** The partner reports merge four tables; their cursor also says which one a row came from. */
const PARTNER_CURSOR = { kind: 'date', parts: PARTNER_ROW_SOURCES.length } as const;

/** Reports and exports may be read from the company's cluster's replica when it is fresh (db/report-reads.ts). */
const ON_REPLICA = { replica: true } as const;

/** Column headers exist for every report, and its total rows name only its money columns (checked on load). */
for (const key of REPORT_KEYS) {
  if (!REPORT_COLUMNS[key]?.length) throw new Error(`Report ${key} has no columns`);
  const money = new Set(REPORT_COLUMNS[key].filter((c) => c.kind === 'money').map((c) => c.key));
  for (const row of REPORT_TOTAL_ROWS[key]) {
    if (!Object.keys(row.values).every((column) => money.has(column))) throw new Error(`Report ${key}: ${row.label}`);
  }
}

/**
 * The eight reports (spec 001 §7) and their Excel exports (`<path>/export`). USER and TENANT_ADMIN; every project
 * (and partner) is checked against the signed-in company (404 otherwise).
 */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');
  const projectParams = { params: reportProjectParamsSchema };

  r.get(
    '/api/report/project-wise',
    { preHandler, schema: { querystring: projectWiseQuerySchema, response: { 200: projectWiseReportSchema } } },
    (request) => request.withTenant((tdb) => projectWiseReport(tdb, request.query), ON_REPLICA),
  );
  r.get(
    '/api/report/project-wise/export',
    { preHandler, schema: { querystring: projectWiseQuerySchema } },
    async (request, reply) =>
      sendExport(
        reply,
        'projectWise',
        await request.withTenant((tdb) => projectWiseReport(tdb, request.query), ON_REPLICA),
      ),
  );

  r.get(
    '/api/report/plot-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: plotWiseReportSchema } } },
    (request) => request.withTenant((tdb) => plotWiseReport(tdb, request.params.projectId), ON_REPLICA),
  );
  r.get('/api/report/plot-wise/:projectId/export', { preHandler, schema: projectParams }, async (request, reply) => {
    const { projectId } = request.params;
    return sendExport(
      reply,
      'plotWise',
      await request.withTenant((tdb) => plotWiseReport(tdb, projectId), ON_REPLICA),
      projectId,
    );
  });

  r.get(
    '/api/report/payment-receipts/:projectId',
    {
      preHandler,
      schema: { ...projectParams, querystring: pageQuerySchema, response: { 200: paymentReceiptsReportSchema } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date', REPORT_PAGE_LIMIT);
      const result = await request.withTenant(
        (tdb) => paymentReceiptsReport(tdb, request.params.projectId, page),
        ON_REPLICA,
      );
      return sendReportPage(request, reply, result);
    },
  );
  r.get(
    '/api/report/payment-receipts/:projectId/export',
    { preHandler, schema: { ...projectParams, querystring: exportQuerySchema } },
    async (request, reply) => {
      const { projectId } = request.params;
      const all = everyRow(request.query);
      const { report } = await request.withTenant((tdb) => paymentReceiptsReport(tdb, projectId, all), ON_REPLICA);
      return sendExport(reply, 'paymentReceipts', report, projectId);
    },
  );

  r.get(
    '/api/farmer-account/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: farmerAccountReportSchema } } },
    (request) => request.withTenant((tdb) => farmerAccountReport(tdb, request.params.projectId), ON_REPLICA),
  );
  r.get('/api/farmer-account/:projectId/export', { preHandler, schema: projectParams }, async (request, reply) => {
    const report = await request.withTenant((tdb) => farmerAccountReport(tdb, request.params.projectId), ON_REPLICA);
    return sendExport(reply, 'farmerAccount', report);
  });

  r.get(
    '/api/report/payment-month-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: paymentMonthWiseReportSchema } } },
    (request) => request.withTenant((tdb) => paymentMonthWiseReport(tdb, request.params.projectId), ON_REPLICA),
  );
  r.get(
    '/api/report/payment-month-wise/:projectId/export',
    { preHandler, schema: projectParams },
    async (request, reply) => {
      const { projectId } = request.params;
      const report = await request.withTenant((tdb) => paymentMonthWiseReport(tdb, projectId), ON_REPLICA);
      return sendExport(reply, 'paymentMonthWise', report, projectId);
    },
  );

  r.get(
    '/api/report/payment-expected-month-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: jsonRowsOr(paymentExpectedReportSchema) } } },
    (request) => request.withTenant((tdb) => paymentExpectedReport(tdb, request.params.projectId), ON_REPLICA),
  );
  r.get(
    '/api/report/payment-expected-month-wise/:projectId/export',
    { preHandler, schema: projectParams },
    async (request, reply) => {
      const report = (
        await request.withTenant((tdb) => paymentExpectedReport(tdb, request.params.projectId), ON_REPLICA)
      ).parse();
      return sendExport(reply, 'paymentExpected', report);
    },
  );
  // One month's Plot EMI Details, loaded when the screen's modal opens (the report rows carry name and EMI only).
  r.get(
    '/api/report/payment-expected-month-wise/:projectId/:month',
    {
      preHandler,
      schema: { params: reportProjectMonthParamsSchema, response: { 200: paymentExpectedMonthSchema } },
    },
    (request) =>
      request.withTenant(
        (tdb) => paymentExpectedMonth(tdb, request.params.projectId, request.params.month),
        ON_REPLICA,
      ),
  );

  r.get(
    '/api/partner-summary/:projectId',
    {
      preHandler,
      schema: { ...projectParams, querystring: pageQuerySchema, response: { 200: partnerSummaryReportSchema } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, PARTNER_CURSOR, REPORT_PAGE_LIMIT);
      const result = await request.withTenant(
        (tdb) => partnerSummaryReport(tdb, request.params.projectId, page),
        ON_REPLICA,
      );
      return sendReportPage(request, reply, result);
    },
  );
  r.get(
    '/api/partner-summary/:projectId/export',
    { preHandler, schema: { ...projectParams, querystring: exportQuerySchema } },
    async (request, reply) => {
      const all = everyRow(request.query);
      const { report } = await request.withTenant(
        (tdb) => partnerSummaryReport(tdb, request.params.projectId, all),
        ON_REPLICA,
      );
      return sendExport(reply, 'partnerSummary', report);
    },
  );

  const partnerParams = { params: reportPartnerParamsSchema };
  r.get(
    '/api/partner-payment-details/:projectId/:partnerId',
    {
      preHandler,
      schema: { ...partnerParams, querystring: pageQuerySchema, response: { 200: partnerPaymentDetailsReportSchema } },
    },
    async (request, reply) => {
      const { projectId, partnerId } = request.params;
      const page = pageRequest(request.query, PARTNER_CURSOR, REPORT_PAGE_LIMIT);
      const result = await request.withTenant(
        (tdb) => partnerPaymentDetailsReport(tdb, projectId, partnerId, page),
        ON_REPLICA,
      );
      return sendReportPage(request, reply, result);
    },
  );
  r.get(
    '/api/partner-payment-details/:projectId/:partnerId/export',
    { preHandler, schema: { ...partnerParams, querystring: exportQuerySchema } },
    async (request, reply) => {
      const { projectId, partnerId } = request.params;
      const all = everyRow(request.query);
      const { report } = await request.withTenant(
        (tdb) => partnerPaymentDetailsReport(tdb, projectId, partnerId, all),
        ON_REPLICA,
      );
      return sendExport(reply, 'partnerPaymentDetails', report);
    },
  );
}
