import {
  farmerAccountReportSchema,
  NO_EXPORT_DATA,
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
  type ReportKey,
  reportFileName,
  reportPartnerParamsSchema,
  reportProjectMonthParamsSchema,
  reportProjectParamsSchema,
  XLSX_CONTENT_TYPE,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { reportWorkbook } from './reports.export.js';
import {
  farmerAccountReport,
  partnerPaymentDetailsReport,
  partnerSummaryReport,
  paymentExpectedMonth,
  paymentExpectedReport,
  paymentMonthWiseReport,
  paymentReceiptsReport,
  plotWiseReport,
  projectWiseReport,
} from './reports.service.js';

/** The sheet of each export. */
const SHEET_NAMES: Record<ReportKey, string> = {
  projectWise: 'Project Report',
  plotWise: 'Plot Report',
  paymentReceipts: 'Payment Receipts',
  farmerAccount: 'Farmer Account',
  paymentMonthWise: 'Payment Month Wise',
  paymentExpected: 'Payment Expected',
  partnerSummary: 'Partner Summary',
  partnerPaymentDetails: 'Partner Payment Details',
};

interface Report {
  data: readonly object[];
  totals: object;
}

/** Sends a report as its .xlsx (spec 001 §9 name); a report without rows has nothing to export (404). */
function sendExport(reply: FastifyReply, key: ReportKey, report: Report, projectId?: number) {
  if (report.data.length === 0) throw notFound(NO_EXPORT_DATA);
  const stream = reportWorkbook(
    key,
    SHEET_NAMES[key],
    report.data as Record<string, unknown>[],
    report.totals as Record<string, unknown>,
  );
  return reply
    .header('content-disposition', `attachment; filename="${reportFileName(key, projectId)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type(XLSX_CONTENT_TYPE)
    .send(stream);
}

/** Column headers exist for every report (checked once when the module loads). */
for (const key of Object.keys(SHEET_NAMES) as ReportKey[]) {
  if (!REPORT_COLUMNS[key]?.length) throw new Error(`Report ${key} has no columns`);
}

/**
 * The eight reports (spec 001 §7) and their Excel exports (`<path>/export`). USER and TENANT_ADMIN; every project
 * (and partner) is checked against the signed-in company (404 otherwise).
 */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');
  const projectParams = { params: reportProjectParamsSchema };

  r.get(
    '/api/report/project-wise',
    { preHandler, schema: { querystring: projectWiseQuerySchema, response: { 200: projectWiseReportSchema } } },
    (request) => request.withTenant((tdb) => projectWiseReport(tdb, request.query)),
  );
  r.get(
    '/api/report/project-wise/export',
    { preHandler, schema: { querystring: projectWiseQuerySchema } },
    async (request, reply) =>
      sendExport(reply, 'projectWise', await request.withTenant((tdb) => projectWiseReport(tdb, request.query))),
  );

  r.get(
    '/api/report/plot-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: plotWiseReportSchema } } },
    (request) => request.withTenant((tdb) => plotWiseReport(tdb, request.params.projectId)),
  );
  r.get('/api/report/plot-wise/:projectId/export', { preHandler, schema: projectParams }, async (request, reply) => {
    const { projectId } = request.params;
    return sendExport(reply, 'plotWise', await request.withTenant((tdb) => plotWiseReport(tdb, projectId)), projectId);
  });

  r.get(
    '/api/report/payment-receipts/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: paymentReceiptsReportSchema } } },
    (request) => request.withTenant((tdb) => paymentReceiptsReport(tdb, request.params.projectId)),
  );
  r.get(
    '/api/report/payment-receipts/:projectId/export',
    { preHandler, schema: projectParams },
    async (request, reply) => {
      const { projectId } = request.params;
      const report = await request.withTenant((tdb) => paymentReceiptsReport(tdb, projectId));
      return sendExport(reply, 'paymentReceipts', report, projectId);
    },
  );

  r.get(
    '/api/farmer-account/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: farmerAccountReportSchema } } },
    (request) => request.withTenant((tdb) => farmerAccountReport(tdb, request.params.projectId)),
  );
  r.get('/api/farmer-account/:projectId/export', { preHandler, schema: projectParams }, async (request, reply) => {
    const report = await request.withTenant((tdb) => farmerAccountReport(tdb, request.params.projectId));
    return sendExport(reply, 'farmerAccount', report);
  });

  r.get(
    '/api/report/payment-month-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: paymentMonthWiseReportSchema } } },
    (request) => request.withTenant((tdb) => paymentMonthWiseReport(tdb, request.params.projectId)),
  );
  r.get(
    '/api/report/payment-month-wise/:projectId/export',
    { preHandler, schema: projectParams },
    async (request, reply) => {
      const { projectId } = request.params;
      const report = await request.withTenant((tdb) => paymentMonthWiseReport(tdb, projectId));
      return sendExport(reply, 'paymentMonthWise', report, projectId);
    },
  );

  r.get(
    '/api/report/payment-expected-month-wise/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: paymentExpectedReportSchema } } },
    (request) => request.withTenant((tdb) => paymentExpectedReport(tdb, request.params.projectId)),
  );
  r.get(
    '/api/report/payment-expected-month-wise/:projectId/export',
    { preHandler, schema: projectParams },
    async (request, reply) => {
      const report = await request.withTenant((tdb) => paymentExpectedReport(tdb, request.params.projectId));
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
    (request) => request.withTenant((tdb) => paymentExpectedMonth(tdb, request.params.projectId, request.params.month)),
  );

  r.get(
    '/api/partner-summary/:projectId',
    { preHandler, schema: { ...projectParams, response: { 200: partnerSummaryReportSchema } } },
    (request) => request.withTenant((tdb) => partnerSummaryReport(tdb, request.params.projectId)),
  );
  r.get('/api/partner-summary/:projectId/export', { preHandler, schema: projectParams }, async (request, reply) => {
    const report = await request.withTenant((tdb) => partnerSummaryReport(tdb, request.params.projectId));
    return sendExport(reply, 'partnerSummary', report);
  });

  const partnerParams = { params: reportPartnerParamsSchema };
  r.get(
    '/api/partner-payment-details/:projectId/:partnerId',
    { preHandler, schema: { ...partnerParams, response: { 200: partnerPaymentDetailsReportSchema } } },
    (request) =>
      request.withTenant((tdb) => partnerPaymentDetailsReport(tdb, request.params.projectId, request.params.partnerId)),
  );
  r.get(
    '/api/partner-payment-details/:projectId/:partnerId/export',
    { preHandler, schema: partnerParams },
    async (request, reply) => {
      const { projectId, partnerId } = request.params;
      const report = await request.withTenant((tdb) => partnerPaymentDetailsReport(tdb, projectId, partnerId));
      return sendExport(reply, 'partnerPaymentDetails', report);
    },
  );
}
