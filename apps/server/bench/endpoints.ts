/** What the bench measures and against which budgets (see run.ts). */
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
export const REQUESTS_PER_ENDPOINT = Number(process.env.BENCH_REQUESTS ?? 400);
export const SINGLE_REQUESTS = Number(process.env.BENCH_SINGLE_REQUESTS ?? 150);
export const BUDGET_MS = 100;
export const OVERHEAD_BUDGET_MS = 1;
/** A 20,000-row Excel export must finish within this (issue 10). */
export const EXPORT_ROWS = 20_000;
export const EXPORT_BUDGET_MS = 2000;
export const JS_BUDGET_KB = 250;
export const FLOOR = '/api/bench/floor';
/** The Audit page's first page, on a company whose trail holds `AUDIT_ROWS` rows (issue 19: p95 < 4× the floor's). */
export const AUDIT_LIST = '/api/audit?limit=50';
export const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 100_000);

export const ENDPOINTS = [
  '/api/dashboard',
  '/api/project',
  '/api/project/all-details',
  '/api/project/1',
  '/api/project/1/plots',
  '/api/project/1/partners',
  '/api/plot/by-project/1',
  '/api/partner',
  '/api/purchase/by-project/1',
  '/api/development/by-project/1',
  '/api/partnercontribution?projectId=1',
  '/api/activity/list?projectId=1',
  '/api/sale/project/1',
  '/api/sale/1/schedule',
  '/api/payment/pending/1',
  '/api/payment/plot/1',
  '/api/registration',
  '/api/payment/partners-summary?projectId=1',
  '/api/payment/receipts?projectId=1',
  '/api/partner-payout?projectId=1',
  '/api/project/summaries',
  '/api/project/1/plot-summaries',
  '/api/project-profile?projectId=1',
  '/api/project-profile?projectId=1&plotId=1',
  '/api/settings/profile',
  '/api/help/contacts',
  '/api/report/project-wise',
  '/api/report/project-wise?fromDate=2020-01-01&toDate=2099-12-31',
  '/api/report/plot-wise/1',
  '/api/report/payment-receipts/1',
  '/api/farmer-account/1',
  '/api/report/payment-month-wise/1',
  '/api/report/payment-expected-month-wise/1',
  '/api/report/payment-expected-month-wise/1/2025-07',
  '/api/partner-summary/1',
  '/api/partner-payment-details/1/1',
  AUDIT_LIST,
  // Issue 22: Collections' first page, of one project and of every project (the overdue rows are worked out per request).
  '/api/collections/overdue?projectId=1',
  '/api/collections/overdue',
  '/api/holds/ending-soon',
];
