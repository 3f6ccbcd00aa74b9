import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStaleTenants, platformDb, TENANT_SCHEMA_VERSION, type TenantRecord } from '../src/db/tenancy.js';
import { prepareDatabase } from '../src/db/tenant-updates.js';
import { buildTestApp, describeOnPostgres, engines, type TestContext } from './helpers.js';

/** Marks a company's schema as behind this code's version, as a start after a deploy with a new migration finds it. */
async function makeStale(t: TestContext, tenant: TenantRecord) {
  await platformDb(t.db)
    .updateTable('tenants')
    .set({ schema_version: '1:0001_old' })
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
}

async function stampOf(t: TestContext, tenant: TenantRecord) {
  const row = await platformDb(t.db)
    .selectFrom('tenants')
    .select('schema_version')
    .where('tenant_id', '=', tenant.tenantId)
    .executeTakeFirstOrThrow();
  return row.schema_version;
}

/** Whether the company's own role may read its projects: a migration run re-grants what was revoked. */
async function canReadProjects(t: TestContext, tenant: TenantRecord) {
  return t
    .asTenant(tenant, (tdb) => tdb.selectFrom('projects').select('id').execute())
    .then(
      () => true,
      () => false,
    );
}

const revokeProjects = (t: TestContext, tenant: TenantRecord) =>
  sql.raw(`revoke select on "${tenant.dbName}".projects from "${tenant.dbUsername}"`).execute(t.db);

describe.each(engines)('company migrations at start on $name', (engine) => {
  let t: TestContext;
  let current: TenantRecord;
  let stale: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    current = await t.createTenant('current');
    stale = await t.createTenant('stale');
  });
  afterAll(() => t.close());

  it('a new company is stamped with the schema version, so a start does not migrate it', async () => {
    const other = await t.createTenant('fresh');
    expect(await stampOf(t, other)).toBe(TENANT_SCHEMA_VERSION);
    expect((await listStaleTenants(t.db)).map((r) => r.tenantId)).not.toContain(other.tenantId);
  });

  it('migrates only the stale company and leaves the up-to-date one alone', async () => {
    await makeStale(t, stale);
    // The marker: a migration run re-grants the role's rights; on the up-to-date company nothing may run.
    await revokeProjects(t, current);
    await revokeProjects(t, stale);

    const updates = await prepareDatabase(t.db);
    expect(updates.isUpdating(stale.tenantId)).toBe(true);
    expect(updates.isUpdating(current.tenantId)).toBe(false);
    await updates.done;

    expect(updates.isUpdating(stale.tenantId)).toBe(false);
    expect(updates.remaining).toBe(0);
    expect(await stampOf(t, stale)).toBe(TENANT_SCHEMA_VERSION);
    expect(await canReadProjects(t, stale)).toBe(true);
    expect(await canReadProjects(t, current)).toBe(false);
    expect(await listStaleTenants(t.db)).toEqual([]);
    await sql.raw(`grant select on "${current.dbName}".projects to "${current.dbUsername}"`).execute(t.db);
  });

  it('a changed functions file makes every company stale, and its migration brings the new functions', async () => {
    const schema = `"${stale.dbName}"`;
    // As a company migrated before the last change of db/sql: the same versioned migrations, another functions
    // step (logged with another hash) and an older definition of one function.
    await sql
      .raw(`update ${schema}.kysely_migration set name = 'functions@0000000000000000' where name like 'functions@%'`)
      .execute(t.db);
    await sql
      .raw(`create or replace function ${schema}.lock_plot_money(plot integer) returns void language sql as 'select'`)
      .execute(t.db);
    const before = TENANT_SCHEMA_VERSION.replace(/functions@\w+$/, 'functions@0000000000000000');
    expect(before).not.toBe(TENANT_SCHEMA_VERSION);
    await platformDb(t.db)
      .updateTable('tenants')
      .set({ schema_version: before })
      .where('tenant_id', '=', stale.tenantId)
      .execute();

    expect((await listStaleTenants(t.db)).map((r) => r.tenantId)).toEqual([stale.tenantId]);
    const updates = await prepareDatabase(t.db);
    await updates.done;
    expect(await stampOf(t, stale)).toBe(TENANT_SCHEMA_VERSION);
    const { rows } = await sql<{ language: string }>`
      select l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace = ${stale.dbName}::regnamespace and p.proname = 'lock_plot_money'`.execute(t.db);
    expect(rows).toEqual([{ language: 'plpgsql' }]);
  });
});

/** PostgreSQL only: holding a company's migration lock from another session needs a second connection. */
describeOnPostgres('a company being migrated on postgres', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers 503 only while its own migration runs; the other companies answer meanwhile', async () => {
    const busy = await t.createTenant('busy');
    const calm = await t.createTenant('calm');
    const busyToken = await t.userToken(busy);
    const calmToken = await t.userToken(calm);
    await makeStale(t, busy);

    // Another server is migrating `busy`: it holds the schema's advisory lock, so this start's migration waits.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(1349283700, hashtext($1))', [busy.dbName]);

      const updates = await prepareDatabase(t.db);
      const app = await t.anotherApp({ tenantUpdates: updates });
      const dashboard = (tenantId: string, token: string) =>
        app.inject({
          method: 'GET',
          url: '/api/dashboard',
          headers: { host: `${tenantId}.localhost`, authorization: `Bearer ${token}` },
        });

      const waiting = await dashboard(busy.tenantId, busyToken);
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual({ message: 'This company is being updated; try again in a minute.' });
      expect(waiting.headers['retry-after']).toBe('60');
      expect((await dashboard(calm.tenantId, calmToken)).statusCode).toBe(200);
      expect(await stampOf(t, busy)).toBe('1:0001_old');

      await holder.query('commit');
      await updates.done;
      expect((await dashboard(busy.tenantId, busyToken)).statusCode).toBe(200);
      expect(await stampOf(t, busy)).toBe(TENANT_SCHEMA_VERSION);
    } finally {
      await holder.end();
    }
  });
});
