// The reports' own arithmetic, read through the API once the clients have stopped: each report's totals equal the
// sum of its rows (every page of Payment Receipts), and they equal the money stored (`db`, from reconcile.mjs):
// Payment Receipts' totals by status, and the dashboard's revenue (Σ Completed receipt lines).
import { call, json } from './http.mjs';

const paise = (rupees) => Math.round(Number(rupees) * 100);

async function get(base, company, path) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await call(base, { host: company.host, token: company.tokens[0], path, timeoutMs: 60_000 });
    if (answer.status === 200) return answer;
    if (answer.status < 500 && answer.status !== 0) throw new Error(`${path} answered ${answer.outcome}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${path} did not answer`);
}

/** Σ of each numeric total's column over the rows, in paise; a sentence for each that differs. */
function totalsAgainstRows(name, report) {
  const wrong = [];
  for (const [key, total] of Object.entries(report.totals)) {
    if (typeof total !== 'number' || !report.data.every((row) => typeof row[key] === 'number')) continue;
    const sum = report.data.reduce((s, row) => s + paise(row[key]), 0);
    if (sum !== paise(total)) wrong.push(`${name}: total ${key} ${total} ≠ Σ rows ${sum / 100}`);
  }
  return wrong;
}

/** Checks one company's reports; answers the problems found (sentences) and how many reports were checked. */
export async function checkReports(base, company, db) {
  const p = company.projectId;
  const problems = [];
  // Payment Receipts: every page (500 rows each), its rows summed by status against its totals and the database.
  const rows = [];
  let totals = null;
  let path = `/api/report/payment-receipts/${p}?limit=500`;
  while (path) {
    const answer = await get(base, company, path);
    const page = json(answer);
    rows.push(...page.data);
    totals = page.totals;
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(answer.headers.link ?? ''));
    path = next ? next[1] : null;
  }
  const ids = new Set(rows.map((r) => r.lineId));
  if (ids.size !== rows.length) problems.push(`Payment Receipts: ${rows.length - ids.size} line(s) on two pages`);
  for (const status of ['Completed', 'Pending', 'Cancelled']) {
    const key = status.toLowerCase();
    const sum = rows.filter((r) => r.status === status).reduce((s, r) => s + paise(r.amount), 0);
    if (sum !== paise(totals[key]))
      problems.push(`Payment Receipts: ${key} total ${totals[key]} ≠ Σ rows ${sum / 100}`);
    if (paise(totals[key]) !== db[key])
      problems.push(`Payment Receipts: ${key} total ${totals[key]} ≠ stored ${db[key] / 100}`);
  }
  const dashboard = json(await get(base, company, '/api/dashboard'));
  if (paise(dashboard.totalRevenue) !== db.completed)
    problems.push(`Dashboard: revenue ${dashboard.totalRevenue} ≠ stored Completed receipts ${db.completed / 100}`);
  const months = dashboard.receivedByMonth.reduce((s, m) => s + paise(m.amount), 0);
  if (months !== db.completed) problems.push(`Dashboard: Σ received by month ${months / 100} ≠ ${db.completed / 100}`);
  const plotWise = json(await get(base, company, `/api/report/plot-wise/${p}`));
  problems.push(...totalsAgainstRows('Plot Details Summary', plotWise));
  if (paise(plotWise.totals.amountReceived) !== db.completed)
    problems.push(`Plot Details Summary: received ${plotWise.totals.amountReceived} ≠ stored ${db.completed / 100}`);
  const monthWise = json(await get(base, company, `/api/report/payment-month-wise/${p}`));
  problems.push(...totalsAgainstRows('Payment Details – Month Wise', monthWise));
  const projectWise = json(await get(base, company, '/api/report/project-wise'));
  problems.push(...totalsAgainstRows('Project Wise Summary', projectWise));
  return { problems, checked: 5, lines: rows.length };
}
