import type { Role } from '@plotbook/domain';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { routeGuard } from '../src/plugins/auth.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

/**
 * The route inventory: every `/api` route the app registers, read from Fastify's `onRoute`. A new module is
 * covered the moment it registers a route, without writing a test for it.
 */

/** Routes anyone may call. Everything else must carry a role guard. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/site',
  'POST /api/login',
  'POST /api/master/login',
  'POST /api/resetPwd',
  'POST /api/forgot-password',
  'POST /api/admin/tenants/:tenantId/register',
  'POST /api/verify-email',
  'POST /api/login-link',
  'POST /api/demo-requests',
  'GET /api/openapi.json',
  // The docs page: Fastify registers `/api/docs` and `/api/docs/` as one route, listed here under the latter.
  'GET /api/docs/',
  // The docs page's own files (Swagger UI, served from the package).
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

interface ApiRoute {
  method: string;
  url: string;
  roles: readonly Role[] | null;
}

function apiRoutes(inventory: readonly RouteOptions[]): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const route of inventory) {
    if (!route.url.startsWith('/api/')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url, roles: routeGuard(route) });
    }
  }
  return routes;
}

/** A concrete address for a route pattern: ids that exist nowhere, a tenant id for tenant-id params, a month. */
function address(url: string, tenantId: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    /tenant/i.test(name) ? tenantId : name === 'month' ? '2026-01' : '987654',
  );
}

const label = (route: ApiRoute) => `${route.method} ${route.url}`;
const isTenantRoute = (route: ApiRoute) => route.roles?.some((role) => role === 'USER' || role === 'TENANT_ADMIN');
const isPlatformOnly = (route: ApiRoute) => route.roles?.length === 1 && route.roles[0] === 'SUPER_ADMIN';

describe.each(engines)('route inventory on $name', (engine) => {
  let t: TestContext;
  let routes: ApiRoute[];
  let alpha: TenantRecord;
  let beta: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.ready();
    routes = apiRoutes(t.app.routeInventory);
    alpha = await t.createTenant('alpha');
    beta = await t.createTenant('beta');
  });
  afterAll(() => t.close());

  it('finds the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(label)).toContain('POST /api/purchase');
  });

  it('guards every route that is not on the public list with a role', () => {
    const unguarded = routes.filter((route) => !route.roles && !PUBLIC_ROUTES.has(label(route))).map(label);
    expect(unguarded).toEqual([]);
  });

  it('keeps the public list honest: each entry exists and has no guard', () => {
    const byLabel = new Map(routes.map((route) => [label(route), route]));
    for (const entry of PUBLIC_ROUTES) {
      expect(byLabel.has(entry), entry).toBe(true);
      expect(byLabel.get(entry)?.roles, entry).toBeNull();
    }
  });

  it('answers 401 on every company route without a token', async () => {
    const tenantRoutes = routes.filter(isTenantRoute);
    expect(tenantRoutes.length).toBeGreaterThan(20);
    for (const route of tenantRoutes) {
      const res = await t.call(alpha.tenantId, {
        method: route.method as 'GET',
        url: address(route.url, alpha.tenantId),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, label(route)).toBe(401);
      expect(res.json().message, label(route)).toBeTruthy();
    }
  });

  it("answers 403 on every company route with another company's token", async () => {
    const betaUser = await t.userToken(beta, 'USER');
    const betaAdmin = await t.userToken(beta, 'TENANT_ADMIN');
    for (const route of routes.filter(isTenantRoute)) {
      for (const token of [betaUser, betaAdmin]) {
        const res = await t.call(alpha.tenantId, {
          method: route.method as 'GET',
          url: address(route.url, alpha.tenantId),
          token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, label(route)).toBe(403);
      }
    }
  });

  it('answers 404, never data, for ids that do not exist in the signed-in company', async () => {
    const alphaAdmin = await t.userToken(alpha, 'TENANT_ADMIN');
    const withIds = routes.filter(
      (route) => isTenantRoute(route) && route.method === 'GET' && /:(id|\w+Id)\b/.test(route.url),
    );
    expect(withIds.length).toBeGreaterThan(3);
    for (const route of withIds) {
      const res = await t.call(alpha.tenantId, {
        method: 'GET',
        url: address(route.url, alpha.tenantId),
        token: alphaAdmin,
      });
      expect(res.statusCode, label(route)).toBe(404);
    }
  });

  it('keeps platform routes from company admins and from callers without a token', async () => {
    const alphaAdmin = await t.userToken(alpha, 'TENANT_ADMIN');
    const platformRoutes = routes.filter(isPlatformOnly);
    expect(platformRoutes.length).toBeGreaterThan(5);
    for (const route of platformRoutes) {
      const url = address(route.url, alpha.tenantId);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} };
      const anonymous = await t.call(null, { method: route.method as 'GET', url, ...payload });
      expect(anonymous.statusCode, label(route)).toBe(401);
      const companyAdmin = await t.call(null, { method: route.method as 'GET', url, token: alphaAdmin, ...payload });
      expect(companyAdmin.statusCode, label(route)).toBe(403);
    }
  });
});
