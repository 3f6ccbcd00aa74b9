/**
 * Many companies: how start-up, company creation and a signed-in request grow with the number of companies.
 *
 *   node --import tsx apps/server/bench/companies.ts --companies 1000      (or: npm run bench:companies)
 *
 * On a scratch PostgreSQL database (TEST_DATABASE_URL's server, database `plotbook_bench_companies`, dropped
 * first), companies are created through the real path (`createTenant`: role, schema, migrations, grants, tenant
 * row) up to 10, 100 and 1,000 (steps up to `--companies`). At each step it times one more company's creation,
 * then a fresh start of the server as `npm start` runs it (`node --import tsx src/server.ts`, until `/api/health`
 * answers), and a signed-in request (`GET /api/dashboard` on the first company) on that server.
 * `--jobs N` creates N companies side by side while filling (default 2; the timed creation runs alone);
 * `--keep` leaves the database and `--reuse` continues on it, so other code can be measured on the same companies;
 * `--db` and `--prefix` name the database and the companies (roles are per server, not per database).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import { migrateAll } from '../src/db/tenant-storage.js';
import type { Mailer } from '../src/lib/mail.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';
import { admin as adminOn, call, signIn, startUntilHealthy } from './http.js';
import { insertBenchUser } from './seed.js';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const maxCompanies = Number(flag('companies') ?? 1000);
/** `--keep`: leave the database for a later `--reuse` run (e.g. the same 1,000 companies, measured by other code). */
const keep = args.includes('--keep');
const reuse = args.includes('--reuse');
/** Companies created side by side while filling (each schema migrates under its own lock). */
const jobs = Math.max(1, Number(flag('jobs') ?? 2));
const steps = [10, 100, 1000, 10_000].filter((n) => n <= maxCompanies);
if (!steps.includes(maxCompanies)) steps.push(maxCompanies);

/** Roles are per server, not per database: each run's companies (and roles) carry this prefix. */
const prefix = flag('prefix') ?? 'c';
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = (query: string) => adminOn(baseUrl, query);
const dbName = flag('db') ?? 'plotbook_bench_companies';
const serverEntry = resolve(dirname(fileURLToPath(import.meta.url)), '../src/server.ts');
const JWT_SECRET = 'bench-companies-secret-0123456789-abcdefghij';

/** The roles a previous run's companies left on the server (dropping the database leaves them). */
async function dropRoles() {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolname: string }>('select rolname from pg_roles where rolname ~ $1', [
      `^${prefix}\\d{5}_user$`,
    ]);
    for (const { rolname } of rows) await client.query(`drop role "${rolname}"`);
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();

if (!reuse) {
  await admin(`drop database if exists ${dbName} with (force)`);
  await dropRoles();
  await admin(`create database ${dbName}`);
}
const database = openDatabase({ databaseUrl, poolSize: 4, timeouts: { connectMs: 10_000, statementMs: 600_000 } });
// Nothing is mailed: companies are created without an initial admin.
const mailer: Mailer = {
  transport: 'outbox',
  async send() {},
};
const config = loadConfig({ SUPER_ADMIN_PASSWORD: 'bench-admin-1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
await migrateAll(database.db);
await ensureSuperAdmin(database.db, config);

let created = Number(
  (await sql<{ n: number }>`select count(*)::int as n from platform.tenants`.execute(database.db)).rows[0]?.n,
);
const companyId = (n: number) => `${prefix}${String(n).padStart(5, '0')}`;
async function createCompany(): Promise<number> {
  created += 1;
  const id = companyId(created);
  const started = performance.now();
  await createTenant(
    database.db,
    mailer,
    {
      tenantId: id,
      dbName: `${id}_db`,
      dbUsername: `${id}_user`,
      dbPassword: 'bench-password',
      initialAdminEmail: null,
      demoRequestId: null,
      cluster: null,
    },
    { tenantOrigin: `http://${id}.localhost` },
    { userId: null, userName: 'bench', clientAddress: null, requestId: null },
  );
  return performance.now() - started;
}

interface StartResult {
  readyMs: number;
  reportedMs: number | null;
  stop: () => Promise<void>;
  port: number;
}

/** Starts the server as `npm start` does and waits until /api/health answers 200. */
async function startServer(): Promise<StartResult> {
  const server = await startUntilHealthy(['--import', 'tsx', serverEntry], {
    env: () => ({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      SUPER_ADMIN_PASSWORD: 'bench-admin-1',
      JWT_SECRET,
      DB_STATEMENT_TIMEOUT_MS: '600000',
    }),
    pollMs: 10,
  });
  // The server's own figure ("ready in N ms") is printed just after listen; give it a moment to arrive.
  for (let i = 0; i < 50 && !/ready in \d+ ms/.test(server.output()); i++) await new Promise((r) => setTimeout(r, 10));
  const reported = /ready in (\d+) ms/.exec(server.output());
  return {
    readyMs: server.readyMs,
    reportedMs: reported ? Number(reported[1]) : null,
    port: server.port,
    stop: server.stop,
  };
}

// The first company has a signed-in user for the request timing.
const first = { tenantId: companyId(1), dbName: `${companyId(1)}_db`, dbUsername: `${companyId(1)}_user` };
if (created === 0) {
  await createCompany();
  await insertBenchUser(database.db, first);
}

interface Row {
  companies: number;
  fillMs: number;
  fillPerCompanyMs: number;
  createMs: number;
  startMs: number;
  reportedMs: number | null;
  firstRequestMs: number;
  requestP50Ms: number;
  relations: number;
  sizeMb: number;
}
const rows: Row[] = [];
const benchStarted = performance.now();
for (const step of steps.filter((n) => n > created)) {
  // Fill to step − 1 companies, then time the step-th creation on its own.
  const fillStarted = performance.now();
  const fillCount = step - 1 - created;
  const filler = async () => {
    while (created < step - 1) await createCompany();
  };
  await Promise.all(Array.from({ length: jobs }, filler));
  const fillMs = performance.now() - fillStarted;
  const createMs = median([await createCompany()]);

  const server = await startServer();
  let firstRequestMs = 0;
  const times: number[] = [];
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await signIn(base, `${first.tenantId}.localhost`, 'bench@example.com', 'bench-user-1');
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const res = await call(`${base}/api/dashboard`, { headers });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/dashboard answered ${res.status}: ${res.body}`);
      if (i === 0) firstRequestMs = ms;
      else times.push(ms);
    }
  } finally {
    await server.stop();
  }
  const stats = await sql<{ relations: number; bytes: number }>`
    select (select count(*)::int from pg_class) as relations, pg_database_size(current_database())::float8 as bytes`.execute(
    database.db,
  );
  const row: Row = {
    companies: step,
    fillMs,
    fillPerCompanyMs: fillCount > 0 ? fillMs / fillCount : 0,
    createMs,
    startMs: server.readyMs,
    reportedMs: server.reportedMs,
    firstRequestMs,
    requestP50Ms: median(times),
    relations: stats.rows[0]?.relations ?? 0,
    sizeMb: (stats.rows[0]?.bytes ?? 0) / 1024 / 1024,
  };
  rows.push(row);
  console.log(
    `${step} companies: start ${Math.round(row.startMs)} ms (server says ${row.reportedMs ?? '?'} ms), create one ${Math.round(row.createMs)} ms (fill ${fillCount} at ${row.fillPerCompanyMs.toFixed(1)} ms each), dashboard first ${row.firstRequestMs.toFixed(1)} ms, p50 ${row.requestP50Ms.toFixed(1)} ms`,
  );
}
await database.close();
if (!keep) {
  await admin(`drop database if exists ${dbName} with (force)`);
  await dropRoles();
}

const fmt = (n: number) => (n >= 100 ? String(Math.round(n)) : n.toFixed(1));
const growth = (key: keyof Row, i: number) => {
  const base = rows[0]?.[key] as number;
  const value = rows[i]?.[key] as number;
  return i === 0 || !base ? '' : ` (×${(value / base).toFixed(1)})`;
};
console.log(
  '\nCompanies | start until /api/health (ms) | server "ready in" (ms) | create one company (ms) | fill, per company (ms) | dashboard, first / p50 (ms) | catalog relations | database MB',
);
console.log('--------- | --- | --- | --- | --- | --- | --- | ---');
rows.forEach((r, i) => {
  console.log(
    `${r.companies} | ${fmt(r.startMs)}${growth('startMs', i)} | ${r.reportedMs ?? '?'} | ${fmt(r.createMs)}${growth('createMs', i)} | ${fmt(r.fillPerCompanyMs)} | ${fmt(r.firstRequestMs)} / ${fmt(r.requestP50Ms)}${growth('requestP50Ms', i)} | ${r.relations} | ${Math.round(r.sizeMb)}`,
  );
});
console.log(`\nWhole run: ${Math.round((performance.now() - benchStarted) / 1000)} s after the first company.`);
