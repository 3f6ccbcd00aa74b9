import { readFileSync } from 'node:fs';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  CASH_RULES,
  DEMO_LOGO_TYPES,
  DEMO_REQUEST_STATUSES,
  DEVELOPMENT_CATEGORIES,
  DEVELOPMENT_PARTICULARS,
  DOCUMENT_KINDS,
  FACINGS,
  HOLD_END_REASONS,
  LOGO_MIME_TYPES,
  PAYMENT_MODES,
  PAYMENT_TYPES,
  PAYOUT_MODES,
  PLAN_KINDS,
  PLAN_MIME_TYPES,
  PLATFORM_AUDIT_ACTIONS,
  PLATFORM_AUDIT_ENTITIES,
  PROJECT_STATUSES,
  PURCHASE_PARTICULARS,
  RECEIPT_MODES,
  RECEIPT_PARTICULARS,
  RECEIPT_STATUSES,
  REFUND_STATUSES,
  REMINDER_KINDS,
  ROLES,
  SALE_STATUSES,
} from '@plotbook/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Migration, migrateSchema, schemaVersion } from '../src/db/migrate.js';
import { tenantFunctions } from '../src/db/sql/functions.js';
import { PLATFORM_SCHEMA, type TenantRecord } from '../src/db/tenancy.js';
import { VOIDABLE } from '../src/db/types.js';

import { buildTestApp, engines, runId, type TestContext } from './helpers.js';

/**
 * `db/types.ts` is written by hand for Kysely; these tests hold it, and the CHECK lists of the migrations,
 * against what the migrations really built.
 */

interface Column {
  name: string;
  nullable: boolean;
}

/** Reads the table interfaces of `db/types.ts` (and the platform's, `db/platform-types.ts`): table → its columns. */
function declaredTables(rootInterface: 'PlatformTables' | 'TenantTables'): Map<string, Column[]> {
  const source = ['types.ts', 'platform-types.ts']
    .map((file) => readFileSync(new URL(`../src/db/${file}`, import.meta.url), 'utf8'))
    .join('\n');
  const interfaces = new Map<string, { extends?: string; body: string }>();
  for (const match of source.matchAll(/interface (\w+)(?: extends (\w+))? \{([^}]*)\}/g)) {
    interfaces.set(match[1] as string, { extends: match[2], body: match[3] as string });
  }
  for (const match of source.matchAll(/type (\w+) = (\w+);/g))
    interfaces.set(match[1] as string, { extends: match[2], body: '' });
  const columnsOf = (name: string): Column[] => {
    const found = interfaces.get(name);
    if (!found) throw new Error(`types.ts has no interface ${name}`);
    const own = [...found.body.matchAll(/^\s*(\w+)\??: ([^;]+);/gm)].map((m) => ({
      name: m[1] as string,
      nullable: /\|\s*null\b/.test(m[2] as string),
    }));
    return [...(found.extends ? columnsOf(found.extends) : []), ...own];
  };
  const root = interfaces.get(rootInterface);
  if (!root) throw new Error(`types.ts has no ${rootInterface}`);
  const tables = new Map<string, Column[]>();
  for (const m of root.body.matchAll(/^\s*(\w+): (\w+);/gm)) tables.set(m[1] as string, columnsOf(m[2] as string));
  return tables;
}

const byName = (a: Column, b: Column) => a.name.localeCompare(b.name);

const order = (a: string[], b: string[]) => a.join().localeCompare(b.join());

/** What db/sql/functions.ts declares: each function's name and body, each trigger's name, table and function. */
function declaredFunctions() {
  const functions: string[][] = [];
  const triggers: string[][] = [];
  for (const statement of tenantFunctions.statements('"S"')) {
    const fn = /^create or replace function "S"\.(\w+)\(.*?\$\$(.*)\$\$$/s.exec(statement);
    if (fn) functions.push([fn[1] as string, fn[2] as string]);
    const tr = /^create (?:constraint )?trigger (\w+) .*? on "S"\.(\w+) .* execute function "S"\.(\w+)\(\)$/s.exec(
      statement,
    );
    if (tr) triggers.push([tr[2] as string, tr[1] as string, tr[3] as string]);
  }
  return { functions: functions.sort(order), triggers: triggers.sort(order) };
}

describe.each(engines)('database schema on $name', (engine) => {
  let t: TestContext;
  let tenant: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    tenant = await t.createTenant('schema');
  });
  afterAll(() => t.close());

  /**
   * The tables and views of `schema`: a view's columns as its base table's (a view's columns always read as
   * nullable, so each is taken from the table it selects from: migration 0023's views of the voidable tables).
   */
  async function actualTables(schema: string): Promise<Map<string, Column[]>> {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; base: string | null }>`
      select c.table_name, c.column_name, c.is_nullable, u.table_name as base
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      left join information_schema.view_table_usage u on u.view_schema = c.table_schema and u.view_name = c.table_name
      where c.table_schema = ${schema} and t.table_type in ('BASE TABLE', 'VIEW') and c.table_name not like 'kysely_%'
      order by c.table_name, c.ordinal_position`.execute(t.db);
    const nullable = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row.is_nullable === 'YES']));
    const tables = new Map<string, Column[]>();
    for (const row of rows) {
      const columns = tables.get(row.table_name) ?? [];
      const from = row.base ?? row.table_name;
      columns.push({ name: row.column_name, nullable: nullable.get(`${from}.${row.column_name}`) ?? true });
      tables.set(row.table_name, columns);
    }
    return tables;
  }

  it('makes each voidable table a view of its live rows over a base table holding every row', async () => {
    const { rows } = await sql<{ view: string; definition: string; options: string[] | null }>`
      select v.viewname as view, v.definition, c.reloptions as options
      from pg_views v join pg_namespace n on n.nspname = v.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = v.viewname
      where v.schemaname = ${tenant.dbName} order by v.viewname
    `.execute(t.db);
    expect(rows.map((r) => r.view)).toEqual(Object.keys(VOIDABLE).sort());
    for (const row of rows) {
      const base = VOIDABLE[row.view as keyof typeof VOIDABLE];
      // Read with the caller's rights (the company role's), as a table is.
      expect(row.options, row.view).toEqual(['security_invoker=true']);
      expect(row.definition.trim(), row.view).toMatch(
        new RegExp(`FROM (\\w+\\.)?${base}\\s+WHERE \\((\\w+\\.)?voided_at IS NULL\\);?$`),
      );
    }
  });

  it.each([
    ['platform', 'PlatformTables'],
    ['tenant', 'TenantTables'],
  ] as const)('types.ts declares every %s table and column as the migrations built it', async (kind, root) => {
    const schema = kind === 'platform' ? PLATFORM_SCHEMA : tenant.dbName;
    const actual = await actualTables(schema);
    const declared = declaredTables(root);
    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
    for (const [table, columns] of actual) {
      expect([...(declared.get(table) ?? [])].sort(byName), table).toEqual([...columns].sort(byName));
    }
  });

  it('each CHECK list equals its constant in the domain package', async () => {
    const { rows } = await sql<{ schema: string; table: string; definition: string }>`
      select n.nspname as schema, c.relname as table, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'c' and n.nspname in (${PLATFORM_SCHEMA}, ${tenant.dbName})`.execute(t.db);
    const lists = new Map<string, string[]>();
    for (const row of rows) {
      const match = /\(+\(?(\w+)\)?(?:::text)? = ANY \(+ARRAY\[(.*)\]\)/.exec(row.definition);
      if (!match) continue;
      const values = [...(match[2] as string).matchAll(/'((?:[^']|'')*)'/g)].map((m) =>
        (m[1] as string).replace(/''/g, "'"),
      );
      const place = `${row.schema === PLATFORM_SCHEMA ? 'platform' : 'tenant'}.${row.table}.${match[1]}`;
      lists.set(place, values);
    }
    const expected: Record<string, readonly string[]> = {
      'platform.demo_requests.status': DEMO_REQUEST_STATUSES,
      'platform.demo_requests.logo_type': DEMO_LOGO_TYPES,
      'tenant.users.role': ROLES.filter((role) => role !== 'SUPER_ADMIN'),
      'tenant.projects.status': PROJECT_STATUSES,
      'tenant.purchase_entry_rows.particular': PURCHASE_PARTICULARS,
      'tenant.purchase_entry_rows.mode': PAYMENT_MODES,
      'tenant.development_entry_rows.category': DEVELOPMENT_CATEGORIES,
      'tenant.development_entry_rows.particular': DEVELOPMENT_PARTICULARS,
      'tenant.development_entry_rows.mode': PAYMENT_MODES,
      'tenant.sales.payment_type': PAYMENT_TYPES,
      'tenant.sales.status': SALE_STATUSES,
      'tenant.receipts.status': RECEIPT_STATUSES,
      'tenant.sale_cancellations.refund_mode': RECEIPT_MODES,
      'tenant.sale_cancellations.refund_status': REFUND_STATUSES,
      'tenant.receipt_line_rows.particular': RECEIPT_PARTICULARS,
      'tenant.receipt_line_rows.mode': RECEIPT_MODES,
      'tenant.activities.activity_type': ACTIVITY_TYPES,
      'tenant.activities.status': ACTIVITY_STATUSES,
      'tenant.partner_payout_rows.mode': PAYOUT_MODES,
      'tenant.audit_trail.entity': AUDIT_ENTITIES,
      'tenant.audit_trail.action': AUDIT_ACTIONS,
      'tenant.company_settings.cash_rule': CASH_RULES,
      'tenant.plots.facing': FACINGS,
      'tenant.plot_holds.end_reason': HOLD_END_REASONS,
      'tenant.project_plans.kind': PLAN_KINDS,
      'tenant.installment_reminders.kind': REMINDER_KINDS,
      'tenant.project_plans.mime': PLAN_MIME_TYPES,
      'tenant.company_profile.logo_mime': LOGO_MIME_TYPES,
      'tenant.document_copies.kind': DOCUMENT_KINDS,
      'platform.audit_trail.entity': PLATFORM_AUDIT_ENTITIES,
      'platform.audit_trail.action': PLATFORM_AUDIT_ACTIONS,
    };
    for (const [place, values] of Object.entries(expected)) {
      expect(lists.get(place), place).toEqual([...values]);
    }
    // A new CHECK list must be named here, with its constant.
    expect([...lists.keys()].filter((place) => !(place in expected))).toEqual([]);
  });

  it('holds every function and trigger db/sql/functions.ts declares, each once as declared, and no other', async () => {
    const functions = await sql<{ name: string; body: string }>`
      select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${tenant.dbName} order by 1, 2`.execute(t.db);
    const triggers = await sql<{ table: string; name: string; fn: string }>`
      select c.relname as table, g.tgname as name, p.proname as fn
      from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = g.tgfoid
      where n.nspname = ${tenant.dbName} and not g.tgisinternal order by 1, 2, 3`.execute(t.db);
    const declared = declaredFunctions();
    const schemaName = new RegExp(`"?${tenant.dbName}"?\\.`, 'g');
    const actual = functions.rows.map((f) => [f.name, f.body.replace(schemaName, '"S".')]);
    expect(actual.sort(order)).toEqual(declared.functions);
    expect(triggers.rows.map((g) => [g.table, g.name, g.fn]).sort(order)).toEqual(declared.triggers);
    expect(declared.functions.length).toBeGreaterThan(20);
    expect(new Set(declared.functions.map(([name]) => name)).size).toBe(declared.functions.length);
  });

  it('applies a repeatable step after the versioned migrations, and again only when its statements change', async () => {
    const schema = `${runId()}_repeat`;
    const versioned: Migration = { name: '0001_first', statements: (q) => [`create table ${q}.first (n int)`] };
    const repeatable = (n: number): Migration => ({
      name: 'functions',
      repeatable: true,
      statements: (q) => [`create or replace function ${q}.answer() returns int language sql as 'select ${n}'`],
    });
    const answer = async () =>
      (await sql<{ n: number }>`select ${sql.id(schema, 'answer')}() as n`.execute(t.db)).rows[0]?.n;
    expect(await migrateSchema(t.db, schema, [repeatable(1), versioned])).toEqual(['0001_first', 'functions']);
    expect(await answer()).toBe(1);
    expect(await migrateSchema(t.db, schema, [versioned, repeatable(1)])).toEqual([]);
    expect(await migrateSchema(t.db, schema, [versioned, repeatable(2)])).toEqual(['functions']);
    expect(await answer()).toBe(2);
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(t.db);
    expect(rows.map((r) => r.name)).toEqual(['0001_first', expect.stringMatching(/^functions@[0-9a-f]{16}$/)]);
    // The version a company is stamped with changes with the step's statements, so a start migrates it again.
    expect(schemaVersion([versioned, repeatable(1)])).toMatch(/^1:0001_first\+functions@[0-9a-f]{16}$/);
    expect(schemaVersion([versioned, repeatable(1)])).not.toBe(schemaVersion([versioned, repeatable(2)]));
    await sql.raw(`drop schema "${schema}" cascade`).execute(t.db);
  });

  it('adopts the log of the hand-written runner once, without applying its migrations again', async () => {
    const schema = `${runId()}_legacy`;
    await sql.raw(`create schema "${schema}"`).execute(t.db);
    await sql
      .raw(
        `create table "${schema}".schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
      )
      .execute(t.db);
    await sql.raw(`insert into "${schema}".schema_migrations (name) values ('0001_first')`).execute(t.db);
    const migrations = [
      { name: '0001_first', statements: () => ['select 1 / 0'] },
      { name: '0002_second', statements: (q: string) => [`create table ${q}.second (id int)`] },
    ];
    expect(await migrateSchema(t.db, schema, migrations)).toEqual(['0002_second']);
    expect(await migrateSchema(t.db, schema, migrations)).toEqual([]);
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(t.db);
    expect(rows.map((r) => r.name)).toEqual(['0001_first', '0002_second']);
    const legacy = await sql<{
      found: boolean;
    }>`select to_regclass(${`"${schema}".schema_migrations`}) is not null as found`.execute(t.db);
    expect(legacy.rows[0]?.found).toBe(false);
    await sql.raw(`drop schema "${schema}" cascade`).execute(t.db);
  });
});
