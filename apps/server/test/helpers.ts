import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { describe } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { type Database, type EngineOptions, openDatabase } from '../src/db/engine.js';
import { platformDb, runAsTenant, type TenantDb, type TenantRecord } from '../src/db/tenancy.js';
import { migrateAll } from '../src/db/tenant-storage.js';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottleLimits } from '../src/lib/login-throttle.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { TestMailbox } from './smtp.js';

export interface Engine {
  name: 'pglite' | 'postgres';
  url?: string;
}

/** Every database suite runs on PGlite, and on the PostgreSQL server too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

/**
 * A suite that needs the PostgreSQL server (a second connection, a proxy in front of it). Without
 * TEST_DATABASE_URL it is reported as skipped, with the reason in its name, instead of vanishing from the run.
 */
export function describeOnPostgres(name: string, suite: (engine: Engine) => void): void {
  const engine = engines.find((e) => e.name === 'postgres');
  describe.runIf(engine)(engine ? name : `${name} (skipped: TEST_DATABASE_URL names no PostgreSQL server)`, () =>
    suite(engine ?? { name: 'postgres' }),
  );
}

export const SUPER_ADMIN = { email: 'root@platform.test', password: 'super-secret-1' };
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** PUBLIC_URL of every test app: mailed links start with it (a company's with `<tenantId>.` before the host). */
export const PUBLIC_URL = 'http://localhost:8080';

/** A short random prefix so names on the shared PostgreSQL server never collide between runs or files. */
export const runId = () => `t${randomBytes(4).toString('hex')}`;

/** A fresh, empty database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function openTestDatabase(
  engine: Engine,
  clusters?: EngineOptions['clusters'],
  replicas?: (url: string) => EngineOptions['replicas'],
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (engine.name === 'pglite') {
    const database = openDatabase({});
    // PGlite boots on its first query (2 s here, far more on a busy machine): do it inside the hook, whose
    // time limit allows for that, rather than in the first test.
    await sql`select 1`.execute(database.db);
    return { database, drop: async () => {} };
  }
  const name = `plotbook_${runId()}`;
  const admin = new pg.Client({ connectionString: engine.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(engine.url as string);
  url.pathname = `/${name}`;
  const database = openDatabase({
    databaseUrl: url.toString(),
    poolSize: 5,
    clusters,
    replicas: replicas?.(url.toString()),
  });
  return {
    database,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: engine.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<unknown>;
  /** PostgreSQL: this test database's address, for a session of a test's own; PGlite: undefined. */
  databaseUrl?: string;
  mail: TestMailbox;
  prefix: string;
  /** Calls the API with a Host header for the platform (`null`) or a tenant. */
  call(tenantId: string | null, options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  superAdminToken(): Promise<string>;
  /** Creates a tenant through the API (on the cluster named, or where it places it); names are unique to this run. */
  createTenant(name: string, initialAdminEmail?: string, cluster?: string): Promise<TenantRecord>;
  /** Inserts an active user directly (as an admin would create one). */
  addUser(tenant: TenantRecord, email: string, password: string, role?: 'USER' | 'TENANT_ADMIN'): Promise<void>;
  /** Another app instance on the same database, as a second server behind a load balancer. */
  anotherApp(deps?: Pick<AppDeps, 'tenantUpdates'>): Promise<FastifyInstance>;
  /** Inserts a user directly and returns a token for them. */
  userToken(tenant: TenantRecord, role?: 'USER' | 'TENANT_ADMIN', email?: string): Promise<string>;
  asTenant<T>(tenant: TenantRecord, fn: (tdb: TenantDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function buildTestApp(
  engine: Engine,
  options: {
    throttle?: Partial<ThrottleLimits>;
    /** Milliseconds since 1970: the login throttle's and the app's clock (`app.now`). */
    clock?: () => number;
    outbox?: boolean;
    /** Where the app's log lines go (default: none). */
    logLines?: string[];
    /** The built web app to serve (default: apps/web/dist). */
    webDist?: string;
    /** PostgreSQL: other clusters companies may be placed on (CLUSTERS; see db/clusters.ts). */
    clusters?: EngineOptions['clusters'];
    /**
     * PostgreSQL: replicas of the clusters (REPLICAS), given the test database's address: a second pool to it stands
     * in for main's replica. Their policy is `reportReads` (a test's own measurement of lag).
     */
    replicas?: (url: string) => EngineOptions['replicas'];
    reportReads?: AppDeps['reportReads'];
  } = {},
): Promise<TestContext> {
  const mail = new TestMailbox();
  const smtpUrl = await mail.start();
  const { database, url: databaseUrl, drop } = await openTestDatabase(engine, options.clusters, options.replicas);
  const config = loadConfig({
    BASE_DOMAIN: 'localhost',
    ...(options.outbox ? {} : { SMTP_URL: smtpUrl }),
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL,
    // Tests stand in for clients at different addresses with X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  await migrateAll(database.db);
  await ensureSuperAdmin(database.db, config);
  const limits = { ...DEFAULT_THROTTLE, ...options.throttle };
  const appOn = (on: Database, extra: Pick<AppDeps, 'tenantUpdates'> = {}) =>
    buildApp({
      ...extra,
      config,
      database: on,
      jwtSecret: JWT_SECRET,
      checkResponses: true,
      // The automatic reminders run when a test calls app.runAutoReminders(), never by a timer.
      autoRemindersEveryMs: 0,
      logger: options.logLines
        ? { level: 'info', stream: { write: (line: string) => options.logLines?.push(line) } }
        : false,
      throttle: new LoginThrottle(on.db, limits, options.clock),
      ...(options.reportReads ? { reportReads: options.reportReads } : {}),
      ...(options.clock ? { clock: () => new Date((options.clock as () => number)()) } : {}),
    });
  const app = await appOn(database);
  const others: FastifyInstance[] = [];
  const prefix = runId();
  let adminToken: string | undefined;

  const ctx: TestContext = {
    app,
    db: database.db,
    databaseUrl,
    mail,
    prefix,
    call(tenantId, { token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          host: tenantId ? `${tenantId}.localhost` : 'localhost',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
    },
    async superAdminToken() {
      if (adminToken) return adminToken;
      const res = await ctx.call(null, { method: 'POST', url: '/api/master/login', payload: SUPER_ADMIN });
      if (res.statusCode !== 200) throw new Error(`super admin login failed: ${res.body}`);
      adminToken = res.json().accessToken as string;
      return adminToken;
    },
    async createTenant(name, initialAdminEmail, cluster) {
      const tenant = {
        tenantId: `${prefix}-${name}`,
        dbName: `${prefix}_${name}`,
        dbUsername: `${prefix}_${name}_role`,
      };
      const res = await ctx.call(null, {
        method: 'POST',
        url: '/api/admin/create-tenant',
        token: await ctx.superAdminToken(),
        payload: { ...tenant, dbPassword: 'tenant-db-pass', initialAdminEmail: initialAdminEmail ?? '', cluster },
      });
      if (res.statusCode !== 201) throw new Error(`create tenant failed: ${res.statusCode} ${res.body}`);
      const placed: string = res.json().cluster;
      // A company on main keeps the record tests have always compared against; elsewhere it names its cluster.
      return placed === 'main' ? tenant : { ...tenant, cluster: placed };
    },
    async addUser(tenant, email, password, role = 'USER') {
      const passwordHash = await hashPassword(password);
      await runAsTenant(database.db, tenant, (tdb) =>
        insertUser(tdb, {
          userName: `Test ${role}`,
          emailId: email,
          mobileNumber: '9999999999',
          city: 'Pune',
          passwordHash,
          role,
          resetPasswordRequired: false,
        }),
      );
    },
    async anotherApp(deps) {
      // PostgreSQL: a second pool, as a second server has. PGlite lives in this process: share it, closed once.
      const second =
        engine.name === 'postgres'
          ? openDatabase({ databaseUrl, poolSize: 2 })
          : { ...database, close: async () => {} };
      const other = await appOn(second, deps);
      others.push(other);
      return other;
    },
    async userToken(tenant, role = 'USER', email) {
      const emailId = email ?? `${role.toLowerCase()}-${runId()}@example.com`;
      const password = 'user-password-1';
      const passwordHash = await hashPassword(password);
      await runAsTenant(database.db, tenant, (tdb) =>
        insertUser(tdb, {
          userName: `Test ${role}`,
          emailId,
          mobileNumber: '9999999999',
          city: 'Pune',
          passwordHash,
          role,
          resetPasswordRequired: false,
        }),
      );
      const url = role === 'USER' ? '/api/login' : '/api/master/login';
      const payload = role === 'USER' ? { emailId, password } : { email: emailId, password };
      const res = await ctx.call(tenant.tenantId, { method: 'POST', url, payload });
      const body = res.json();
      return (body.token ?? body.accessToken) as string;
    },
    asTenant: (tenant, fn) => runAsTenant(database.db, tenant, fn),
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await drop();
      if (engine.name === 'postgres') await dropRoles(engine.url as string, prefix);
      await mail.close();
    },
  };
  return ctx;
}

/** Roles belong to the whole PostgreSQL server, so each test run drops the ones it made (all share its prefix). */
export async function dropRoles(url: string, prefix: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ rolname: string }>('select rolname from pg_roles where rolname like $1', [
    `${prefix}\\_%`,
  ]);
  for (const { rolname } of rows) await client.query(`drop role if exists "${rolname}"`).catch(() => {});
  await client.end();
}

export async function platformCount(db: Kysely<unknown>, table: 'tenants' | 'mail_outbox' | 'demo_requests') {
  const row = await platformDb(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
