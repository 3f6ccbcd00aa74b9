import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape of every module, as a test: routes parse, call and reply; services hold the rules; only
 * repositories (and the database layer) touch Kysely's query builders. See docs/architecture.md.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const QUERY_BUILDERS = /\.(selectFrom|insertInto|updateTable|deleteFrom)\s*\(/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const sources = filesUnder(SRC).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const rel = (file: string) => relative(SRC, file);

describe('architecture', () => {
  it('finds the routes and services of every module', () => {
    expect(sources.filter((file) => file.endsWith('.routes.ts')).length).toBeGreaterThan(10);
    expect(sources.filter((file) => file.endsWith('.service.ts')).length).toBeGreaterThan(5);
  });

  it('no routes or service file builds a query: only repositories touch Kysely', () => {
    const offenders = sources
      .filter((file) => /\.(routes|service)\.ts$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => QUERY_BUILDERS.test(line))
          .map(({ line, index }) => `${rel(file)}:${index + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('modules never import another module’s routes, and features stay apart at the route layer', () => {
    const offenders = sources
      .filter((file) => rel(file).startsWith('modules/'))
      .flatMap((file) => {
        const own = rel(file).split('/')[1];
        return [...readFileSync(file, 'utf8').matchAll(/from '\.\.\/([\w-]+)\/[\w-]+\.routes\.js'/g)]
          .filter((m) => m[1] !== own)
          .map((m) => `${rel(file)} imports ${m[1]} routes`);
      });
    expect(offenders).toEqual([]);
  });
});
