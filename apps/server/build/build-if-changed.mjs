// Bundles the server to plain JavaScript (`dist/server.mjs`) unless the bundle was built from exactly these sources:
// `npm start` runs this, so a start loads one file instead of compiling TypeScript through tsx. The stamp
// (`dist/.sources-hash`) is a SHA-256 over the path and bytes of every file the bundle is built from — the server
// sources, the domain package, this script and the lock file — and is written only after a build succeeds.
// `--force` builds anyway. node_modules packages are bundled too (loading one file is about twice as fast as loading
// Fastify, Kysely and zod file by file), except those listed in EXTERNAL.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourcesHash as hashOf } from '../../../tools/sources-hash.mjs';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const server = join(root, 'apps/server');
const dist = join(server, 'dist');
const bundle = join(dist, 'server.mjs');
const stamp = join(dist, '.sources-hash');

const INPUTS = [
  'apps/server/src',
  'apps/server/build',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'tools/sources-hash.mjs',
];

export const sourcesHash = () => hashOf(root, INPUTS, { skip: /\.test\.ts$/ });

/**
 * Packages loaded from node_modules at run time instead of being bundled: native code (argon2), packages that read
 * files beside their own code (PGlite's WebAssembly and data, Swagger UI's assets), optional native bindings
 * (pg-native), ExcelJS, which is imported only when a report is exported, and pdfkit (it reads its font metrics
 * from files beside its code; the documents' own fonts are resolved from node_modules too).
 */
const EXTERNAL = [
  /^@electric-sql\/pglite/,
  /^@node-rs\//,
  /^@fastify\/swagger-ui/,
  /^pg-native$/,
  /^exceljs$/,
  /^pdfkit$/,
];
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      !args.path.startsWith('@plotbook/') && EXTERNAL.some((pattern) => pattern.test(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

export async function buildServer() {
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: { server: join(server, 'src/server.ts') },
    outdir: dist,
    // Each dynamic import of server.ts is a chunk of its own, so it is loaded when server.ts asks for it.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // CommonJS packages in an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

const current = sourcesHash();
const built = existsSync(bundle) && existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (built === current && !process.argv.includes('--force')) {
  console.log('Server is up to date (apps/server/dist); not rebuilding.');
} else {
  await buildServer();
  writeFileSync(stamp, `${current}\n`);
  console.log('Server bundled to apps/server/dist/server.mjs.');
}
