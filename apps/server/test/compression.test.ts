import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress, precompressDir } from '../../web/build/precompress.js';
import { factories } from './factories.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

/** A built web app in miniature: an index page and an entry chunk, compressed by the build's own step. */
async function builtWebApp(): Promise<{ dir: string; entry: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'plotbook-dist-'));
  await mkdir(join(dir, 'assets'));
  const entry = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = 'line ${i} of the entry chunk';`).join('\n'),
  );
  await writeFile(join(dir, 'assets', 'index-abc123.js'), entry);
  await writeFile(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js">');
  await precompressDir(dir);
  return { dir, entry };
}

describe('the build’s compression step', () => {
  it('writes brotli and gzip files that unpack to the original bytes', async () => {
    const { dir, entry } = await builtWebApp();
    try {
      const path = join(dir, 'assets', 'index-abc123.js');
      const br = await readFile(`${path}.br`);
      const gz = await readFile(`${path}.gz`);
      expect(brotliDecompressSync(br).equals(entry)).toBe(true);
      expect(gunzipSync(gz).equals(entry)).toBe(true);
      expect(br.length).toBeLessThan(entry.length / 4);
      expect(precompress().name).toBe('plotbook-precompress');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(engines)('compression on $name', (engine) => {
  let t: TestContext;
  let web: { dir: string; entry: Buffer };

  beforeAll(async () => {
    web = await builtWebApp();
    t = await buildTestApp(engine, { webDist: web.dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(web.dir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.call(null, {
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the entry chunk brotli-compressed to a client that accepts br', async () => {
    const res = await asset('br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).equals(web.entry)).toBe(true);
  });

  it('sends it gzipped to a client that accepts only gzip', async () => {
    const res = await asset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).equals(web.entry)).toBe(true);
  });

  it('sends it as it is to a client that accepts no compression', async () => {
    const res = await asset();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(web.entry)).toBe(true);
  });

  it('does not serve the compressed files as addresses of their own', async () => {
    const res = await t.call(null, { method: 'GET', url: '/assets/index-abc123.js.br' });
    // Unknown non-API paths fall back to the app's index page.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('compresses the app page sent for a client route', async () => {
    const res = await t.call(null, { method: 'GET', url: '/view-projects', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/assets/index-abc123.js');
  });

  it('compresses a large JSON answer and leaves a small one plain', async () => {
    const big = await t.call(null, { method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(document.paths['/api/health']).toBeDefined();

    const small = await t.call(null, { method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('sends Excel exports as they are: an .xlsx is compressed already', async () => {
    const acme = await t.createTenant('acme');
    const token = await t.userToken(acme);
    await factories(t, acme, token).project({ plots: 2, name: 'Sunrise Meadows' });
    const res = await t.call(acme.tenantId, {
      method: 'GET',
      url: '/api/report/project-wise/export',
      token,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const firstRow = book.worksheets[0]?.getRow(2).values;
    expect(firstRow).toContain('Sunrise Meadows');
  });
});
