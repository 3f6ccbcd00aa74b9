import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/engine.js';
import { platformDb, type TenantRecord } from '../src/db/tenancy.js';
import { dropTenantStorage, TENANT_SCHEMA_VERSION } from '../src/db/tenant-storage.js';
import { prepareDatabase } from '../src/db/tenant-updates.js';
import { factories } from './factories.js';
import { buildTestApp, describeOnPostgres, runId, type TestContext } from './helpers.js';

/**
 * Two clusters on one PostgreSQL server: the test database is `main`, a second database made here is `b`. Schemas
 * live in a database, so "on b and not on main" is real; roles belong to the whole server, so here a role made for
 * a company on b is visible from main too (on two servers it would not be), and the test checks its rights on b.
 */
describeOnPostgres('companies placed on clusters', (engine) => {
  const bName = `plotbook_${runId()}_b`;
  const bUrl = Object.assign(new URL(engine.url as string), { pathname: `/${bName}` }).toString();
  let t: TestContext;
  let b: Kysely<unknown>;
  let onMain: TenantRecord;
  let onB: TenantRecord;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: engine.url });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  /** Whether the schema exists in the given cluster's database. */
  const hasSchema = async (db: Kysely<unknown>, schema: string) =>
    (await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db)).rows.length === 1;
  const countRows = async (db: Kysely<unknown>, schema: string, table: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, table)}`.execute(db)).rows[0]?.n);
  const placement = async (tenant: TenantRecord) =>
    (
      await platformDb(t.db)
        .selectFrom('tenants')
        .select(['cluster', 'schema_version'])
        .where('tenant_id', '=', tenant.tenantId)
        .executeTakeFirstOrThrow()
    ).cluster;

  beforeAll(async () => {
    await admin(`create database ${bName}`);
    t = await buildTestApp(engine, { clusters: [{ name: 'b', url: bUrl }] });
    b = openDatabase({ databaseUrl: bUrl, poolSize: 1 }).db;
    // main and b hold no company: a tie goes to main; then b has fewer.
    onMain = await t.createTenant('first');
    onB = await t.createTenant('second');
  });
  afterAll(async () => {
    await b?.destroy();
    // The database first: a role that still has rights in it could not be dropped by t.close().
    await admin(`drop database if exists ${bName} with (force)`);
    await t?.close();
  });

  it('places a new company on the cluster with the fewest companies, its schema and role there only', async () => {
    expect(await placement(onMain)).toBe('main');
    expect(await placement(onB)).toBe('b');
    expect(onB.cluster).toBe('b');

    expect(await hasSchema(b, onB.dbName)).toBe(true);
    expect(await hasSchema(t.db, onB.dbName)).toBe(false);
    expect(await hasSchema(t.db, onMain.dbName)).toBe(true);
    expect(await hasSchema(b, onMain.dbName)).toBe(false);
    const rights = await sql<{ usage: boolean; member: boolean }>`
      select has_schema_privilege(${onB.dbUsername}, ${onB.dbName}, 'USAGE') as usage,
             pg_has_role(current_user, ${onB.dbUsername}, 'MEMBER') as member`.execute(b);
    expect(rights.rows[0]).toEqual({ usage: true, member: true });
    // Its tables and migration log are on b, at this code's version.
    expect(await countRows(b, onB.dbName, 'kysely_migration')).toBeGreaterThan(20);
    expect(await countRows(b, onB.dbName, 'users')).toBe(0);
  });

  it("a signed-in request for a company on b reads and writes b's rows; the company on main is unaffected", async () => {
    const tokenB = await t.userToken(onB, 'TENANT_ADMIN');
    const tokenMain = await t.userToken(onMain, 'TENANT_ADMIN');
    const projectB = await factories(t, onB, tokenB).project({ name: 'Riverside', plots: 4 });
    const projectMain = await factories(t, onMain, tokenMain).project({ name: 'Hilltop', plots: 2 });

    expect(await countRows(b, onB.dbName, 'projects')).toBe(1);
    expect(await countRows(b, onB.dbName, 'plots')).toBe(4);
    expect(await countRows(b, onB.dbName, 'users')).toBe(1);
    expect(await countRows(t.db, onMain.dbName, 'projects')).toBe(1);
    expect(await countRows(t.db, onMain.dbName, 'plots')).toBe(2);

    const readB = await t.call(onB.tenantId, {
      method: 'GET',
      url: `/api/project/${projectB.projectId}`,
      token: tokenB,
    });
    expect(readB.statusCode).toBe(200);
    expect(readB.json()).toMatchObject({ projectName: 'Riverside' });
    const listMain = await t.call(onMain.tenantId, { method: 'GET', url: '/api/project', token: tokenMain });
    expect(listMain.statusCode).toBe(200);
    expect(JSON.stringify(listMain.json())).toContain('Hilltop');
    expect(JSON.stringify(listMain.json())).not.toContain('Riverside');
    expect(projectMain.projectId).toBeGreaterThan(0);
  });

  it('places a company on the cluster named, and refuses an unknown one with a plain message', async () => {
    const named = await t.createTenant('third', undefined, 'b');
    expect(named.cluster).toBe('b');
    expect(await hasSchema(b, named.dbName)).toBe(true);

    const res = await t.call(null, {
      method: 'POST',
      url: '/api/admin/create-tenant',
      token: await t.superAdminToken(),
      payload: {
        tenantId: `${t.prefix}-nowhere`,
        dbName: `${t.prefix}_nowhere`,
        dbUsername: `${t.prefix}_nowhere_r`,
        dbPassword: 'tenant-db-pass',
        cluster: 'zz',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown cluster "zz". The clusters are: main, b.');
    expect(await hasSchema(t.db, `${t.prefix}_nowhere`)).toBe(false);
    expect(await hasSchema(b, `${t.prefix}_nowhere`)).toBe(false);
  });

  it("a start migrates a stale company on b with b's pool, and refuses to start without b in CLUSTERS", async () => {
    await platformDb(t.db)
      .updateTable('tenants')
      .set({ schema_version: '1:0001_old' })
      .where('tenant_id', '=', onB.tenantId)
      .execute();
    // The marker: a migration run re-grants the role's rights on its schema, on b.
    await sql.raw(`revoke select on "${onB.dbName}".projects from "${onB.dbUsername}"`).execute(b);

    const updates = await prepareDatabase(t.db);
    expect(updates.isUpdating(onB.tenantId)).toBe(true);
    expect(updates.isUpdating(onMain.tenantId)).toBe(false);
    await updates.done;
    expect(updates.remaining).toBe(0);
    const stamp = await platformDb(t.db)
      .selectFrom('tenants')
      .select('schema_version')
      .where('tenant_id', '=', onB.tenantId)
      .executeTakeFirstOrThrow();
    expect(stamp.schema_version).toBe(TENANT_SCHEMA_VERSION);
    const granted = await sql<{ ok: boolean }>`
      select has_table_privilege(${onB.dbUsername}, ${`"${onB.dbName}".projects`}, 'SELECT') as ok`.execute(b);
    expect(granted.rows[0]?.ok).toBe(true);

    // A server whose CLUSTERS leaves out b: the start stops, naming the cluster.
    const withoutB = openDatabase({ databaseUrl: t.databaseUrl, poolSize: 1 });
    try {
      await expect(prepareDatabase(withoutB.db)).rejects.toThrow(
        'Companies are placed on cluster b, which CLUSTERS does not name.',
      );
    } finally {
      await withoutB.close();
    }
  });

  it("removing a company on b drops its schema there and leaves main's companies alone", async () => {
    const gone = await t.createTenant('fourth', undefined, 'b');
    expect(await hasSchema(b, gone.dbName)).toBe(true);
    await dropTenantStorage(t.db, gone);
    expect(await hasSchema(b, gone.dbName)).toBe(false);
    expect(await hasSchema(t.db, onMain.dbName)).toBe(true);
    expect(await hasSchema(b, onB.dbName)).toBe(true);
  });
});
