import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One writer per table (docs/architecture.md): a company table is written only by its own repository's functions.
 * The services, the demo seed, the bench seed and the test factories call those functions; nothing else in
 * apps/server inserts, updates or deletes company rows, whether with Kysely (`insertInto`, `updateTable`,
 * `deleteFrom`) or with raw SQL (`insert into`, `update … set`, `delete from`).
 */
const SERVER = fileURLToPath(new URL('..', import.meta.url));
const TYPES = readFileSync(join(SERVER, 'src/db/types.ts'), 'utf8');

/** The tables of a company's schema, as db/types.ts lists them in `TenantTables`. */
const COMPANY_TABLES = new Set(
  [...(/export interface TenantTables \{([^}]*)\}/.exec(TYPES)?.[1] ?? '').matchAll(/^\s*(\w+):/gm)].map((m) => m[1]),
);

/** Files that may write company tables: the repositories, the migrations, and the lib helper that owns its table. */
const WRITERS = [/\.repository\.ts$/, /^src\/db\/migrations\//, /^src\/db\/sql\//, /^src\/lib\/idempotency\.ts$/];

/**
 * Files that write company tables on purpose, each with why and how many writing lines (exactly: a new raw
 * write fails this test, and so does a removed one until its count here goes down).
 */
const EXCEPTIONS: Record<string, { lines: number; reason: string }> = {
  'test/one-writer.test.ts': { lines: 7, reason: 'its own examples of the writes it spots' },
  'src/modules/audit/audit.test.ts': {
    lines: 4,
    reason:
      'tries to rewrite and remove trail rows as the company’s role (refused), and tampers with one as the superuser with the triggers off, for /api/audit/verify to find',
  },
  'src/modules/platform-audit/platform-audit-list.test.ts': {
    lines: 2,
    reason: 'tries to rewrite and remove a platform trail row as the superuser, for the trigger to refuse',
  },
  'test/voids.ts': {
    lines: 3,
    reason: 'back-dates a money row’s created_at, which no writer sets, so that an edit of it needs a reason',
  },
  'test/tenancy-traps.test.ts': {
    lines: 2,
    reason: 'writes through a bare connection to prove a rolled-back or committed write stays in its own company',
  },
  'test/account-check.test.ts': {
    lines: 2,
    reason: 'disables a user behind the service’s back, and writes while the account is checked, to test the check',
  },
  'test/prepared-statements.test.ts': {
    lines: 4,
    reason:
      'counts the statements PostgreSQL prepares for a Kysely insert, so it builds (and names) that insert itself',
  },
  'src/modules/dashboard/dashboard.test.ts': {
    lines: 7,
    reason:
      'proves the triggers keep receipt and month totals through line inserts, updates and deletes and receipt deletes that no repository makes; builds a registered plot of a cancelled sale, which no service can yet',
  },
  'src/modules/reports/reports.test.ts': {
    lines: 1,
    reason: 'back-dates a project’s created_at, which no writer sets, to test the order of the Project Wise report',
  },
  'test/board-time-attacks.test.ts': {
    lines: 1,
    reason: 'plants a formula in a plot’s name behind the form’s back, to test that the price list writes it as text',
  },
  'src/modules/reports/reports-export.test.ts': {
    lines: 1,
    reason: 'plants a formula in a partner’s name behind the form’s back, to test that the export writes it as text',
  },
  'src/modules/reports/reports-partners.test.ts': {
    lines: 3,
    reason: 'writes another company’s project, partner and share with chosen ids, to ask for them from this company',
  },
  'src/modules/reports/reports-paging.test.ts': {
    lines: 1,
    reason: 'writes another company’s project with a chosen id, to ask for it from this company',
  },
  'src/modules/reports/reports-money-limit.test.ts': {
    lines: 1,
    reason: 'lowers every amount of a company at the paise limit in one statement, to test that it can still correct',
  },
  'src/modules/profile/profile.test.ts': {
    lines: 1,
    reason: 'clears a plot’s Pending receipts in one statement (the trigger-kept figures must follow)',
  },
  'src/modules/auth/forgot-password.test.ts': {
    lines: 1,
    reason: 'moves a temporary password’s expiry, which no writer does, to test the expiry',
  },
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'results') return [];
    return entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)];
  });
}

const KYSELY_WRITE = /\.(insertInto|updateTable|deleteFrom)\(\s*['"`](\w+)['"`]/g;
/** `insert into X`, `update X set`, `delete from X`, where X may be `${s('x')}`, `${sql.id(schema, 'x')}` or `"schema".x`. */
const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+(\$\{[^}]*\}|[\w".$]+)/gi;

/** The company tables a line of code writes. */
function writtenTables(line: string): string[] {
  const tables = [...line.matchAll(KYSELY_WRITE)].map((m) => m[2] as string);
  for (const m of line.matchAll(SQL_WRITE)) {
    const target = m[2] as string;
    const quoted = [...target.matchAll(/'(\w+)'/g)].at(-1)?.[1];
    tables.push(quoted ?? (target.split('.').at(-1) ?? '').replaceAll('"', ''));
  }
  return tables.filter((table) => COMPANY_TABLES.has(table));
}

/** Every line outside the writers that writes a company table, as `file:line: code`, grouped by file. */
function rawWrites(root = SERVER): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of filesUnder(root).filter((f) => f.endsWith('.ts'))) {
    const name = relative(root, file).replaceAll('\\', '/');
    if (WRITERS.some((writer) => writer.test(name))) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    const hits = lines.flatMap((line, index) =>
      writtenTables(line).length > 0 ? [`${name}:${index + 1}: ${line.trim()}`] : [],
    );
    if (hits.length > 0) found.set(name, hits);
  }
  return found;
}

describe('one writer per table', () => {
  it('knows the company tables', () => {
    expect(COMPANY_TABLES).toContain('receipts');
    expect(COMPANY_TABLES).toContain('sales');
    expect(COMPANY_TABLES.size).toBeGreaterThan(15);
  });

  it('spots a write in any of its forms, and only on a company table', () => {
    expect(writtenTables(`await tdb.insertInto('sales').values(row)`)).toEqual(['sales']);
    expect(writtenTables(`  .updateTable('receipt_lines')`)).toEqual(['receipt_lines']);
    expect(writtenTables("tdb.deleteFrom('receipts').where('id', '=', id)")).toEqual(['receipts']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the input is source code holding a placeholder
    expect(writtenTables("sql`insert into ${s('purchase_entries')} (project_id)`")).toEqual(['purchase_entries']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the input is source code holding a placeholder
    expect(writtenTables("sql`insert into ${sql.id(acme.dbName, 'activities')} (a)`")).toEqual(['activities']);
    expect(writtenTables('update "acme".plots set plot_name = 1')).toEqual(['plots']);
    expect(writtenTables('delete from partners where id = 1')).toEqual(['partners']);
    expect(writtenTables(`await pdb.insertInto('mail_outbox').values(m)`)).toEqual([]);
    expect(writtenTables('// The update skips COMPLETED rows')).toEqual([]);
    expect(writtenTables(`tdb.selectFrom('sales').selectAll()`)).toEqual([]);
  });

  it('no file but a repository writes a company table, except the ones listed with a reason', () => {
    const found = rawWrites();
    const unexpected = [...found.entries()]
      .filter(([file, hits]) => EXCEPTIONS[file]?.lines !== hits.length)
      .flatMap(([, hits]) => hits);
    expect(unexpected).toEqual([]);
    const stale = Object.entries(EXCEPTIONS)
      .filter(([file, { lines }]) => (found.get(file)?.length ?? 0) !== lines)
      .map(([file, { lines }]) => `${file}: listed with ${lines} writing lines, has ${found.get(file)?.length ?? 0}`);
    expect(stale).toEqual([]);
  });
});
