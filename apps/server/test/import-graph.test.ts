import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, readImportGraph, serverBoundaryBreaks, webBoundaryBreaks } from './import-graph.js';

const SERVER_SRC = fileURLToPath(new URL('../src', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../../web/src', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

const graphOf = (files: Record<string, string[]>): ImportGraph =>
  new Map(
    Object.entries(files).map(([from, targets]) => [from, targets.map((target) => ({ target, typeOnly: false }))]),
  );

describe('module boundaries (import graph)', () => {
  it('reads the whole server: every module’s routes, services and repositories', () => {
    const graph = readImportGraph(SERVER_SRC);
    expect([...graph.keys()].filter((f) => f.endsWith('.routes.ts')).length).toBeGreaterThan(15);
    expect(graph.get('modules/sales/sales.routes.ts')?.map((i) => i.target)).toContain(
      'modules/sales/sales.service.ts',
    );
  });

  it('the server keeps its boundaries', () => {
    expect(serverBoundaryBreaks(readImportGraph(SERVER_SRC))).toEqual([]);
  });

  it('the web app’s features never import each other', () => {
    expect(webBoundaryBreaks(readImportGraph(WEB_SRC, { prefix: '@/', dir: '' }))).toEqual([]);
  });

  it('catches deliberately broken imports of each kind', () => {
    const broken = graphOf({
      'modules/sales/sales.routes.ts': ['modules/sales/sales.repository.ts', 'modules/receipts/receipts.service.ts'],
      'modules/sales/sales.service.ts': [
        'modules/sales/sales.repository.ts',
        'modules/receipts/receipts.repository.ts',
      ],
      'modules/sales/sales.repository.ts': ['modules/receipts/receipts.service.ts'],
      'modules/receipts/receipts.service.ts': ['modules/sales/sales.service.ts', 'lib/paging.ts'],
    });
    expect(serverBoundaryBreaks(broken)).toEqual([
      'modules/sales/sales.routes.ts → modules/sales/sales.repository.ts: a routes file never calls a repository: go through the service',
      'modules/sales/sales.routes.ts → modules/receipts/receipts.service.ts: a routes file calls only its own module’s service',
      'modules/sales/sales.service.ts → modules/receipts/receipts.repository.ts: another module is reached only through its service',
      'modules/sales/sales.repository.ts → modules/receipts/receipts.service.ts: a repository imports no service or routes',
    ]);
    expect(
      webBoundaryBreaks(graphOf({ 'features/settings/api/account.ts': ['features/auth/api/login.ts', 'lib/form.ts'] })),
    ).toEqual([
      'features/settings/api/account.ts → features/auth/api/login.ts: features never import each other (share through components/ or lib/)',
    ]);
  });

  it('Biome’s lint rule refuses a feature importing another feature, by alias or by a relative path', async () => {
    const file = `${WEB_SRC}/features/settings/api/zz-broken-import.ts`;
    writeFileSync(
      file,
      "import { login } from '@/features/auth/api/login';\nimport { register } from '../../auth/api/register';\nimport { zodResolver } from '@/lib/form';\n\nexport const all = [login, register, zodResolver];\n",
    );
    try {
      const result = await promisify(execFile)('npx', ['biome', 'lint', '--max-diagnostics=20', file], {
        cwd: REPO,
      }).then(
        () => ({ stdout: '', failed: false }),
        (error: { stdout: string; stderr: string }) => ({ stdout: `${error.stdout}${error.stderr}`, failed: true }),
      );
      expect(result.failed).toBe(true);
      const hits = result.stdout.match(/lint\/style\/noRestrictedImports/g) ?? [];
      expect(hits).toHaveLength(2);
      expect(result.stdout).toContain('A feature never imports another feature');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
