import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file under `dir`, so the
 * server sends them as they are (`preCompressed` in @fastify/static) instead of compressing on each request.
 */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
}

/** The Vite plugin: compresses the browser build once it is written (not the prerender's SSR build). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'plotbook-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDir(outDir),
  };
}
