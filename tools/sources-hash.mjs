// The stamp both build-if-changed scripts (apps/server/build, apps/web/build) compare with: a SHA-256 over the path
// and bytes of every file under `inputs` (paths relative to `root`; a missing one counts as empty), in path order.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function filesOf(path, skip) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !skip?.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `skip`: file names left out (e.g. the server's tests, which are not in its bundle). */
export function sourcesHash(root, inputs, { skip } = {}) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesOf(join(root, input), skip)).sort();
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
