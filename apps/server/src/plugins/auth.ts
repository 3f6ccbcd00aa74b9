import type { Role } from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { readPlatformAdmin, readTenantUser } from '../db/tenancy.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { TokenService } from '../lib/tokens.js';

/** The roles each guard hook admits; the route-inventory test reads it to prove every route is guarded. */
export const guardRoles = new WeakMap<object, readonly Role[]>();

const hookList = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** The roles a route's guard admits, or null when the route has no role guard. */
export function routeGuard(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): readonly Role[] | null {
  for (const hook of [...hookList(route.onRequest), ...hookList(route.preHandler)]) {
    const roles = guardRoles.get(hook as object);
    if (roles) return roles;
  }
  return null;
}

export interface Principal {
  userId: number;
  role: Role;
  tenantId: string | null;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The signed-in principal; only call after one of the `require*` hooks. */
    user(): Principal;
  }
  interface FastifyInstance {
    /** preHandler hooks that admit a signed-in account with one of the roles, on the right host. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
}

async function authenticate(request: FastifyRequest, db: Kysely<unknown>, tokens: TokenService): Promise<Principal> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized('Please log in to continue.');
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized();
  const userId = Number(claims.sub);
  // Signed in with a generated or temporary password: nothing opens until the password is reset.
  const mustReset = () => {
    if (claims.rst) throw forbidden('Please reset your password before you continue.');
  };

  if (claims.tid === null) {
    if (request.site.kind !== 'platform') throw forbidden('This sign-in belongs to the platform, not to this company.');
    const admin = await readPlatformAdmin(db, userId);
    if (!admin || admin.token_version !== claims.ver) throw unauthorized();
    mustReset();
    return { userId, role: 'SUPER_ADMIN', tenantId: null, name: admin.name, email: admin.email };
  }

  if (request.site.kind !== 'tenant' || request.site.tenant.tenantId !== claims.tid) {
    throw forbidden('This sign-in belongs to another company.');
  }
  const user = await readTenantUser(db, request.site.tenant, userId);
  if (!user?.enabled || user.token_version !== claims.ver) throw unauthorized();
  mustReset();
  return { userId, role: user.role, tenantId: claims.tid, name: user.user_name, email: user.email_id };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<unknown>; tokens: TokenService }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('user', function (this: FastifyRequest) {
      if (!this.principal) throw unauthorized();
      return this.principal;
    });
    // Routes name their guard as a preHandler; it runs as the route's first onRequest hook instead, so a caller
    // without the right token is turned away before the body is parsed or validated (401/403, never a 400
    // that describes the schema to a stranger).
    app.addHook('onRoute', (route) => {
      const hooks = hookList(route.preHandler);
      const guards = hooks.filter((hook) => guardRoles.has(hook as object));
      if (guards.length === 0) return;
      route.preHandler = hooks.filter((hook) => !guardRoles.has(hook as object)) as RouteOptions['preHandler'];
      route.onRequest = [...hookList(route.onRequest), ...guards] as RouteOptions['onRequest'];
    });
    app.decorate('requireRole', (...roles: Role[]) => {
      // A tenant admin may do everything a user may.
      const allowed = new Set<Role>(roles.includes('USER') ? [...roles, 'TENANT_ADMIN'] : roles);
      const hook: preHandlerAsyncHookHandler = async (request) => {
        const principal = await authenticate(request, options.db, options.tokens);
        if (!allowed.has(principal.role)) throw forbidden();
        request.principal = principal;
      };
      guardRoles.set(hook, [...allowed]);
      return hook;
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
