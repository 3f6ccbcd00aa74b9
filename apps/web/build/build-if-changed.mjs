// Builds the web app unless `dist` was built from exactly these sources: `npm start` runs this, so a second start
// goes straight to the server. The stamp (`dist/.sources-hash`) is a SHA-256 over the path and bytes of every file
// the build reads — the web sources, the domain package it imports, the build config and the lock file — and is
// written only after a build succeeds. `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash as hashOf } from '../../../tools/sources-hash.mjs';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const stamp = join(dist, '.sources-hash');

const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/public.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'tools/sources-hash.mjs',
];

export const sourcesHash = () => hashOf(root, INPUTS);

const current = sourcesHash();
const built = existsSync(join(dist, 'index.html')) && existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (built === current && !process.argv.includes('--force')) {
  console.log('Web app is up to date (apps/web/dist); not rebuilding.');
} else {
  // A production build whoever runs this: under vitest NODE_ENV is `test`, and Vite then bundles React's development
  // build (twice the size, dev-only warnings), which `npm start` would go on serving since the sources are unchanged.
  const result = spawnSync('npm', ['run', 'build', '-w', '@plotbook/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${current}\n`);
}
