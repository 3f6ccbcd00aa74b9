import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

/** A built web app in miniature, with the prerendered pages the build leaves (marks included). */
async function builtWebApp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plotbook-prerendered-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  for (const kind of ['platform', 'tenant']) {
    await mkdir(join(dir, 'prerendered', kind), { recursive: true });
    for (const page of ['home', 'login', 'register', 'create-demo']) {
      await writeFile(
        join(dir, 'prerendered', kind, `${page}.html`),
        `<!doctype html><head><!--plotbook-site--></head><div id="root">${kind} ${page} ` +
          `yourcompany.__PLOTBOOK_BASE_DOMAIN__ ${'padding '.repeat(200)}</div>`,
      );
    }
  }
  return dir;
}

const siteOf = (html: string) => JSON.parse(/id="plotbook-site">([^<]*)</.exec(html)?.[1] ?? 'null');

describe.each(engines)('prerendered public pages on $name', (engine) => {
  let t: TestContext;
  let dir: string;
  let tenant: TenantRecord;

  beforeAll(async () => {
    dir = await builtWebApp();
    t = await buildTestApp(engine, { webDist: dir });
    tenant = await t.createTenant('prerender');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a company host its landing page with the site info written in', async () => {
    const res = await t.call(tenant.tenantId, { method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('tenant home');
    expect(siteOf(res.body)).toEqual({ kind: 'tenant', tenantId: tenant.tenantId, baseDomain: 'localhost' });
  });

  it('sends the platform host its own variant of the login page, base domain filled in', async () => {
    const res = await t.call(null, { method: 'GET', url: '/login?next=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('platform login');
    expect(res.body).toContain('yourcompany.localhost');
    expect(res.body).not.toContain('__PLOTBOOK_BASE_DOMAIN__');
    expect(siteOf(res.body)).toEqual({ kind: 'platform', tenantId: null, baseDomain: 'localhost' });
  });

  it('compresses the page with brotli, or gzip, as the client accepts', async () => {
    const br = await t.call(tenant.tenantId, {
      method: 'GET',
      url: '/register',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('tenant register');
    const gz = await t.call(null, { method: 'GET', url: '/create-demo', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('platform create-demo');
  });

  it('sends the app shell for the working area and does not serve the page templates as files', async () => {
    const dashboard = await t.call(tenant.tenantId, { method: 'GET', url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('app shell');
    const template = await t.call(null, { method: 'GET', url: '/prerendered/platform/home.html' });
    expect(template.body).toContain('app shell');
    expect(template.body).not.toContain('platform home');
  });

  it('still answers an unknown company address with 404', async () => {
    const res = await t.call('nosuchcompany', { method: 'GET', url: '/' });
    expect(res.statusCode).toBe(404);
  });
});
