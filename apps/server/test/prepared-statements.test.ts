import { paise } from '@plotbook/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/engine.js';
import { runAsTenant, type TenantRecord } from '../src/db/tenancy.js';
import { dropTenantStorage, migratePlatform, provisionTenantStorage } from '../src/db/tenant-storage.js';
import { describeOnPostgres, dropRoles, runId } from './helpers.js';

/** A new database on the PostgreSQL server, opened with one connection so every call shares it. */
async function oneConnectionDatabase(baseUrl: string) {
  const name = `plotbook_${runId()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migratePlatform(database.db);
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A read, declared so: its COMMIT is not waited for. */
const projectNames = (db: Parameters<typeof runAsTenant>[0], tenant: TenantRecord) =>
  runAsTenant(
    db,
    tenant,
    async (tdb) => {
      const rows = await tdb.selectFrom('projects').select('project_name').where('id', '>', 0).execute();
      return rows.map((r) => r.project_name);
    },
    undefined,
    'read only',
  );

/** A project row of the given name, as addProject writes it. */
const projectRow = (name: string) => ({
  project_name: name,
  city: 'Pune',
  total_area: 1,
  total_rate: 1,
  total_amount_paise: paise(100),
  saleable_area: 1,
});

const addProject = (db: Parameters<typeof runAsTenant>[0], tenant: TenantRecord, name: string) =>
  runAsTenant(db, tenant, (tdb) => tdb.insertInto('projects').values(projectRow(name)).execute());

describeOnPostgres('prepared statements on PostgreSQL', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoCompanies() {
    const { database, drop } = await oneConnectionDatabase(engine.url as string);
    const prefix = runId();
    cleanups.push(async () => {
      await drop();
      await dropRoles(engine.url as string, prefix);
    });
    const a = { tenantId: 'alpha', dbName: `${prefix}_alpha`, dbUsername: `${prefix}_alpha` };
    const b = { tenantId: 'beta', dbName: `${prefix}_beta`, dbUsername: `${prefix}_beta` };
    for (const tenant of [a, b]) await provisionTenantStorage(database.db, { ...tenant, dbPassword: 'pw-123456' });
    return { db: database.db, a, b };
  }

  it('runs one query text as one prepared statement for every company, each reading its own rows', async () => {
    const { db, a, b } = await twoCompanies();
    await addProject(db, a, 'Alpha Greens');
    await addProject(db, b, 'Beta Meadows');

    // Alternating companies on the one connection: the prepared statement follows the search path each time.
    for (let i = 0; i < 3; i += 1) {
      expect(await projectNames(db, a)).toEqual(['Alpha Greens']);
      expect(await projectNames(db, b)).toEqual(['Beta Meadows']);
    }
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    const listing = prepared.rows.filter((r) => r.statement.includes('"project_name"') && r.statement.includes('>'));
    expect(listing).toHaveLength(1);
    expect(listing[0]?.statement).not.toContain(a.dbName);
  });

  it('runs reads and writes back to back on one connection, each read seeing the writes before it', async () => {
    const { db, a } = await twoCompanies();
    // A read's COMMIT is not waited for: the next transaction's BEGIN queues behind it on the one connection.
    const names: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect(await projectNames(db, a)).toEqual(names);
      names.push(`Project ${i}`);
      await addProject(db, a, `Project ${i}`);
    }
    expect(await projectNames(db, a)).toEqual(names);
  });

  it('waits for the COMMIT of a transaction whose with-query wrote, and fails with it', async () => {
    const { db, a } = await twoCompanies();
    await sql.raw(`create table "${a.dbName}".deferred_check (n int unique deferrable initially deferred)`).execute(db);
    // The duplicate is only refused at COMMIT: a transaction taken for a read would answer before it.
    const write = runAsTenant(db, a, (tdb) =>
      sql`with added as (insert into deferred_check (n) values (1), (1) returning n) select count(*) from added`.execute(
        tdb,
      ),
    );
    await expect(write).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a write in a transaction declared read only, and keeps nothing of it', async () => {
    const { db, a } = await twoCompanies();
    const write = runAsTenant(
      db,
      a,
      (tdb) => tdb.insertInto('projects').values(projectRow('Sneaked In')).execute(),
      undefined,
      'read only',
    );
    await expect(write).rejects.toMatchObject({ code: '25006' });
    expect(await projectNames(db, a)).toEqual([]);
  });

  it('gives up a connection whose prepared statement a migration made stale, and the next call works', async () => {
    const { db, a } = await twoCompanies();
    await addProject(db, a, 'Alpha Greens');
    const everything = () => runAsTenant(db, a, (tdb) => tdb.selectFrom('projects').selectAll().execute());
    expect((await everything())[0]?.project_name).toBe('Alpha Greens');

    await sql.raw(`alter table "${a.dbName}".projects add column survey_no text`).execute(db);

    // The statement prepared before the new column cannot run on that connection any more...
    await expect(everything()).rejects.toMatchObject({ code: '0A000' });
    // ...which is not given back to the pool: the next call gets a new connection and sees the new column.
    const rows = await everything();
    expect(rows[0]).toMatchObject({ project_name: 'Alpha Greens', survey_no: null });
    await dropTenantStorage(db, a);
  });

  it('survives a connection whose server ends it mid-transaction: that transaction fails, the next one works', async () => {
    const { db, a } = await twoCompanies();
    await addProject(db, a, 'Alpha Greens');
    const terminated = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const killer = new pg.Client({ connectionString: engine.url as string });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await killer.end();
      // The connection is checked out and idle here: its 'error' must not end the process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(terminated).rejects.toThrow(/terminat|Connection|closed/i);
    expect(await projectNames(db, a)).toEqual(['Alpha Greens']);
  });
});

// Each test opens a fresh embedded database and migrates two companies in it: set-up that a loaded machine slows.
describe('prepared statements on PGlite', { timeout: 120_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoCompanies() {
    const database = openDatabase({});
    cleanups.push(() => database.close());
    await migratePlatform(database.db);
    const a = { tenantId: 'alpha', dbName: 'pgl_alpha', dbUsername: 'pgl_alpha' };
    const b = { tenantId: 'beta', dbName: 'pgl_beta', dbUsername: 'pgl_beta' };
    for (const tenant of [a, b]) await provisionTenantStorage(database.db, { ...tenant, dbPassword: 'pw-123456' });
    return { db: database.db, a, b };
  }

  it('parses one query text once for every company, each reading its own rows', async () => {
    const { db, a, b } = await twoCompanies();
    await addProject(db, a, 'Alpha Greens');
    await addProject(db, b, 'Beta Meadows');
    for (let i = 0; i < 3; i += 1) {
      expect(await projectNames(db, a)).toEqual(['Alpha Greens']);
      expect(await projectNames(db, b)).toEqual(['Beta Meadows']);
    }
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    const listing = prepared.rows.filter((r) => r.statement.includes('"project_name"') && r.statement.includes('>'));
    expect(listing).toHaveLength(1);
  });

  it('keeps no statement whose text grows with its input (several rows of values, an in-list)', async () => {
    const { db, a } = await twoCompanies();
    const row = (n: number) => ({
      project_name: `P${n}`,
      city: 'Pune',
      total_area: 1,
      total_rate: 1,
      total_amount_paise: paise(100),
      saleable_area: 1,
    });
    for (let count = 2; count <= 5; count += 1) {
      await runAsTenant(db, a, (tdb) =>
        tdb
          .insertInto('projects')
          .values(Array.from({ length: count }, (_, i) => row(count * 10 + i)))
          .execute(),
      );
      await runAsTenant(db, a, (tdb) =>
        tdb
          .selectFrom('projects')
          .select('id')
          .where(
            'id',
            'in',
            Array.from({ length: count }, (_, i) => i + 1),
          )
          .execute(),
      );
    }
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(prepared.rows.filter((r) => /insert into "projects"|"id" in \(/.test(r.statement))).toEqual([]);
    expect(await projectNames(db, a)).toHaveLength(2 + 3 + 4 + 5);
  });

  it('prepares a statement a migration made stale afresh: that call fails, the next one sees the new column', async () => {
    const { db, a } = await twoCompanies();
    await addProject(db, a, 'Alpha Greens');
    const everything = () =>
      runAsTenant(db, a, (tdb) => tdb.selectFrom('projects').selectAll().where('id', '>', 0).execute());
    expect((await everything())[0]?.project_name).toBe('Alpha Greens');

    await sql.raw(`alter table "${a.dbName}".projects add column survey_no text`).execute(db);

    await expect(everything()).rejects.toMatchObject({ code: '0A000' });
    const rows = await everything();
    expect(rows[0]).toMatchObject({ project_name: 'Alpha Greens', survey_no: null });
  });
});
