/**
 * Moves one company's schema from its cluster to another (`npm run move-company -- <tenantId> <cluster>`), losing
 * nothing: while it runs the company answers 503 on every server, no write can land on the old copy, and the
 * placement flips only once the new copy holds the same rows and money in every table.
 */
import { spawn } from 'node:child_process';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { DIRECTORY_TTL_MS, databaseOf, knownCluster, MAIN_CLUSTER } from './clusters.js';
import { assertIdentifier, findTenantRecord, platformDb } from './tenancy.js';
import { migrateTenant } from './tenant-storage.js';

/** One table's figures: its rows and the sum of each `*_paise` column (as text: sums may pass 2^53). */
export interface TableFigures {
  table: string;
  rows: number;
  paise: Record<string, string>;
}

export interface MoveReport {
  tenantId: string;
  from: string;
  to: string;
  before: TableFigures[];
  after: TableFigures[];
  /** How long the company answered 503, in ms. */
  unavailableMs: number;
}

export interface MoveOptions {
  /** Every cluster's connection string, `main` included (pg_dump and psql are given them). */
  urls: ReadonlyMap<string, string>;
  /** How long every server takes to see a changed company record (default: the directory's TTL and a margin). */
  settleMs?: number;
  log?: (line: string) => void;
}

const FIGURES_QUERY = `
  select c.table_name as table, array_agg(c.column_name::text order by c.column_name)
    filter (where c.column_name like '%\\_paise') as paise
  from information_schema.columns c
  join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
  where c.table_schema = $1 and t.table_type = 'BASE TABLE'
  group by c.table_name order by c.table_name`;

/** Rows and Σ money of every table of the schema, read through `query` (one session: the lock's, or a pool's). */
export async function tableFigures(
  query: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>,
  schema: string,
): Promise<TableFigures[]> {
  const figures: TableFigures[] = [];
  for (const { table, paise } of (await query(FIGURES_QUERY, [schema])) as {
    table: string;
    paise: string[] | null;
  }[]) {
    const sums = (paise ?? []).map((column) => `coalesce(sum("${column}"), 0)::text as "${column}"`);
    const [row] = await query(
      `select count(*)::int as rows${sums.map((s) => `, ${s}`).join('')} from "${schema}"."${table}"`,
    );
    const { rows, ...money } = row as { rows: number } & Record<string, string>;
    figures.push({ table, rows, paise: money });
  }
  return figures;
}

/** A connection string for a client program: its password goes in the environment, not in `ps`'s view. */
function clientArgs(connectionString: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs `pg_dump -n schema source | psql target` (one transaction on the target; stops at the first error). */
function copySchema(schema: string, sourceUrl: string, targetUrl: string): Promise<void> {
  const source = clientArgs(sourceUrl);
  const target = clientArgs(targetUrl);
  return new Promise((resolve, reject) => {
    const dumpArgs = ['--schema', schema, '--no-owner', '--no-privileges', '--dbname', source.dbname];
    const dump = spawn('pg_dump', dumpArgs, { env: source.env });
    const restoreArgs = ['--quiet', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', target.dbname];
    const restore = spawn('psql', restoreArgs, { env: target.env });
    dump.stdout.pipe(restore.stdin);
    let errors = '';
    dump.stderr.on('data', (chunk) => (errors += chunk));
    restore.stderr.on('data', (chunk) => (errors += chunk));
    restore.stdout.resume();
    const codes = [dump, restore].map(
      (child) =>
        new Promise<number | null>((done) =>
          child
            .on('close', (code) => done(code))
            // Not started at all (pg_dump or psql not on the PATH).
            .on('error', (error) => {
              errors += `${child.spawnfile}: ${error.message}\n`;
              done(-1);
            }),
        ),
    );
    Promise.all(codes).then(([dumped, restored]) =>
      dumped === 0 && restored === 0 ? resolve() : reject(new Error(`The copy failed: ${errors.trim()}`)),
    );
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the lock's transaction and locks every table of the schema in EXCLUSIVE mode: it waits for the writes under
 * way, and holds any later one. A write under way that takes its tables in another order can deadlock with it; the
 * lock then starts again (a few times), since the company answers 503 and no new write comes.
 */
async function holdWrites(lock: pg.Client, schema: string, tables: string[]): Promise<void> {
  const names = tables.map((table) => `"${schema}"."${table}"`).join(', ');
  for (let attempt = 1; ; attempt += 1) {
    await lock.query("begin; set local lock_timeout = '30s'");
    try {
      await lock.query(`lock table ${names} in exclusive mode`);
      return;
    } catch (error) {
      await lock.query('rollback');
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      await pause(100 * attempt);
    }
  }
}

/**
 * The move: (1) mark the company moving (every server answers 503 once it has re-read the record); (2) on the
 * source, lock every table of the schema in EXCLUSIVE mode (reads go on, a write waits out its lock timeout and
 * gets a 503), which also waits for writes already under way; (3) create the role on the target, copy the schema
 * with pg_dump | psql and re-grant it there (migrateTenant); (4) compare rows and Σ money per table; (5) flip the
 * placement, wait for every server to see it, rename the old schema to `<schema>_moved_<time>` (kept for the
 * operator to drop) and release the lock; (6) clear the mark. Any failure before the flip drops the new copy and
 * leaves the company where it was.
 */
export async function moveCompany(
  db: Kysely<unknown>,
  tenantId: string,
  target: string,
  options: MoveOptions,
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const settleMs = options.settleMs ?? DIRECTORY_TTL_MS + 500;
  const tenant = await findTenantRecord(db, tenantId);
  if (!tenant) throw new Error(`No company ${tenantId}.`);
  knownCluster(db, target);
  const from = tenant.cluster ?? MAIN_CLUSTER;
  if (from === target) throw new Error(`Company ${tenantId} is already on cluster ${target}.`);
  if (tenant.moving) throw new Error(`Company ${tenantId} is already being moved.`);
  const sourceUrl = options.urls.get(from);
  const targetUrl = options.urls.get(target);
  if (!sourceUrl || !targetUrl) throw new Error(`No connection string for cluster ${sourceUrl ? target : from}.`);
  const schema = tenant.dbName;
  const role = assertIdentifier(tenant.dbUsername);
  const destination = databaseOf(db, { tenantId, cluster: target });
  const exists = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(destination);
  if (exists.rows.length > 0) throw new Error(`Cluster ${target} already has a schema ${schema}.`);

  const mark = (movingTo: string | null) =>
    platformDb(db).updateTable('tenants').set({ moving_to: movingTo }).where('tenant_id', '=', tenantId).execute();
  const started = performance.now();
  await mark(target);
  log(`${tenantId}: answering 503; waiting ${settleMs} ms for every server to see it`);
  await pause(settleMs);

  const lock = new pg.Client({ connectionString: sourceUrl });
  await lock.connect();
  const onLock = async (text: string, values?: unknown[]) => (await lock.query(text, values)).rows;
  let flipped = false;
  let copied = false;
  try {
    const tables = (await onLock(FIGURES_QUERY, [schema])).map((row) => row.table as string);
    await holdWrites(lock, schema, tables);
    const before = await tableFigures(onLock, schema);
    log(`${tenantId}: writes held on ${from}; copying ${before.length} tables to ${target}`);

    const hasRole = await sql`select 1 from pg_roles where rolname = ${tenant.dbUsername}`.execute(destination);
    if (hasRole.rows.length === 0) await sql.raw(`create role ${role} login`).execute(destination);
    await sql.raw(`grant ${role} to current_user`).execute(destination);
    copied = true;
    await copySchema(schema, sourceUrl, targetUrl);
    await migrateTenant(db, { ...tenant, cluster: target });
    const onTarget = async (text: string, values?: unknown[]) =>
      (await destination.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values))).rows;
    const after = await tableFigures(onTarget, schema);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      throw new Error(`The copy on ${target} differs from ${from}; the company stays on ${from}.`);
    }

    await platformDb(db).updateTable('tenants').set({ cluster: target }).where('tenant_id', '=', tenantId).execute();
    flipped = true;
    log(`${tenantId}: placed on ${target}; waiting ${settleMs} ms for every server to see it`);
    await pause(settleMs);
    // A write still waiting for a table lock finds no table of that name once it gets it (PostgreSQL looks the name
    // up again after the wait), and the role has no rights left on the old copy.
    const kept = `${schema}_moved_${Math.floor(Date.now() / 1000)}`;
    await lock.query(`alter schema "${schema}" rename to "${kept}"`);
    await lock.query(`revoke all on schema "${kept}" from ${role}`);
    await lock.query('commit');
    log(`${tenantId}: the old copy on ${from} is schema ${kept}; drop it once you are content`);
    await mark(null);
    return { tenantId, from, to: target, before, after, unavailableMs: Math.round(performance.now() - started) };
  } catch (error) {
    await lock.query('rollback').catch(() => {});
    // Before the flip the company stays where it was, without the new copy; after it, on the target.
    if (!flipped && copied)
      await sql
        .raw(`drop schema if exists "${schema}" cascade`)
        .execute(destination)
        .catch(() => {});
    await mark(null).catch(() => {});
    throw error;
  } finally {
    await lock.end().catch(() => {});
  }
}
