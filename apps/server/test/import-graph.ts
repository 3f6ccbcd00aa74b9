import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The import graph of a source tree, and the module boundaries of docs/architecture.md checked against it. Kept
 * apart from the test so the rules can be run on a made-up graph (a deliberately broken import must be caught).
 */

export interface Import {
  /** Where the import leads: a path relative to the tree's root (`modules/sales/sales.service.ts`) or a package. */
  target: string;
  /** `import type …`: erased at build, so it adds no dependency at run time. */
  typeOnly: boolean;
}

export type ImportGraph = Map<string, Import[]>;

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every non-test `.ts`/`.tsx` file under `root` with its imports; relative ones resolved to paths under `root`. */
export function readImportGraph(root: string, alias?: { prefix: string; dir: string }): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = filesUnder(root).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const imports: Import[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[3] ?? match[4];
      if (!spec) continue;
      let target = spec;
      if (spec.startsWith('.')) target = relative(root, normalize(join(dirname(file), spec)));
      else if (alias && spec.startsWith(alias.prefix)) target = join(alias.dir, spec.slice(alias.prefix.length));
      imports.push({ target: target.replace(/\.js$/, '.ts'), typeOnly: Boolean(match[2]) });
    }
    graph.set(relative(root, file), imports);
  }
  return graph;
}

const moduleOf = (path: string) => /^modules\/([\w-]+)\//.exec(path)?.[1];
const isRoutes = (path: string) => path.endsWith('.routes.ts');
const isService = (path: string) => path.endsWith('.service.ts');
const isRepository = (path: string) => path.endsWith('.repository.ts');

/**
 * The server's boundaries, as broken imports (`from → to: why`):
 * - a routes file imports its own module's service and helpers, plugins, lib (not its repositories) and packages;
 *   never a repository, the database layer or another module;
 * - a service reaches another module only through that module's service;
 * - a repository imports no service and no routes.
 */
export function serverBoundaryBreaks(graph: ImportGraph): string[] {
  const breaks: string[] = [];
  for (const [from, imports] of graph) {
    const own = moduleOf(from);
    for (const { target, typeOnly } of imports) {
      if (!target.includes('/') && !target.endsWith('.ts')) continue; // a package
      if (target.startsWith('@') || !target.endsWith('.ts')) continue; // a scoped package or a bare name
      const other = moduleOf(target);
      const say = (why: string) => breaks.push(`${from} → ${target}: ${why}`);
      if (isRoutes(from)) {
        if (other && other !== own) say('a routes file calls only its own module’s service');
        else if (isRepository(target) && !typeOnly)
          say('a routes file never calls a repository: go through the service');
        else if (target.startsWith('db/') && !typeOnly) say('a routes file never touches the database layer');
      } else if (own && isService(from)) {
        if (other && other !== own && !isService(target)) say('another module is reached only through its service');
      } else if (own && isRepository(from)) {
        if (isService(target) || isRoutes(target)) say('a repository imports no service or routes');
      }
      if (own && other && other !== own && isRoutes(target)) say('no module imports another module’s routes');
    }
  }
  return breaks;
}

/** The web app's boundary: a feature (`features/<name>/…`) never imports another feature. */
export function webBoundaryBreaks(graph: ImportGraph): string[] {
  const featureOf = (path: string) => /^features\/([\w-]+)\//.exec(path)?.[1];
  return [...graph].flatMap(([from, imports]) => {
    const own = featureOf(from);
    if (!own) return [];
    return imports
      .filter(({ target }) => featureOf(target) && featureOf(target) !== own)
      .map(({ target }) => `${from} → ${target}: features never import each other (share through components/ or lib/)`);
  });
}
