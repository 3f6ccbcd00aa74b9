import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGuard } from '../src/plugins/auth.js';
import { DOCS_PATH, OPENAPI_PATH } from '../src/plugins/openapi.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  security?: unknown;
}

interface InventoryRoute {
  method: string;
  url: string;
  guarded: boolean;
}

/** The `/api` routes the app registered, less the docs routes themselves. */
function documentedRoutes(inventory: readonly RouteOptions[]): InventoryRoute[] {
  const routes: InventoryRoute[] = [];
  for (const route of inventory) {
    if (!route.url.startsWith('/api/') || route.url === OPENAPI_PATH || route.url.startsWith(DOCS_PATH)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method: method.toLowerCase(), url: route.url, guarded: routeGuard(route) !== null });
    }
  }
  return routes;
}

/** `/api/project/:id` → `/api/project/{id}` */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

describe.each(engines)('OpenAPI document on $name', (engine) => {
  let t: TestContext;
  let doc: OpenApiDocument;
  let routes: InventoryRoute[];

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.ready();
    routes = documentedRoutes(t.app.routeInventory);
    const res = await t.call(null, { method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = JSON.parse(res.body) as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document, served without a token', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes bearer auth as a security scheme and requires nothing globally', () => {
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toBeUndefined();
  });

  it('holds every /api route of the inventory with its method and its path parameters in {name} form', () => {
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const documented = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(documented.sort(), `${route.method} ${route.url}`).toEqual(pathParams(route.url).sort());
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/api/project/{id}');
    expect(Object.keys(doc.paths).some((path) => path.includes(':'))).toBe(false);
  });

  it('marks each guarded route as needing the bearer token and no public route', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method];
      const needsToken = operation?.security?.some((requirement) => 'bearerAuth' in requirement) ?? false;
      if (needsToken !== route.guarded) wrong.push(`${route.method} ${route.url}`);
    }
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/project']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
  });

  it('leaves the docs routes out of the document', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => path === OPENAPI_PATH || path.startsWith(DOCS_PATH))).toEqual([]);
  });

  it('answers the docs page as HTML on the platform host without a token, its script served locally', async () => {
    const page = await t.call(null, { method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="swagger-ui">');
    expect(page.body).not.toMatch(/src="https?:/);
    const script = await t.call(null, { method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('is not answered on an unknown company host', async () => {
    const res = await t.call('nosuchcompany', { method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unknown company address.');
  });

  it('keeps the strict CSP on the docs page', async () => {
    const page = await t.call(null, { method: 'GET', url: DOCS_PATH });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("connect-src 'self'");
  });
});
