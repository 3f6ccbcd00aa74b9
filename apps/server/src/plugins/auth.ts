import { Readable } from 'node:stream';
import type { Role } from '@plotbook/domain';
import type { FastifyError, FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { readPlatformAdmin, readTenantUser } from '../db/tenancy.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { TokenService } from '../lib/tokens.js';
import { describeError } from './errors.js';

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
    /**
     * The signed-in principal; only call after one of the `require*` hooks. A company user's name and email are
     * filled in by the account check (a `withTenant` call, or `checkedUser`).
     */
    user(): Principal;
    /** The signed-in principal with its account checked now (for an answer that shows the name and email). */
    checkedUser(): Promise<Principal>;
  }
  interface FastifyInstance {
    /** preHandler hooks that admit a signed-in account with one of the roles, on the right host. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
}

/**
 * Who is calling, from the token. A company user's account (still there, enabled, the token's version and role) is
 * checked with the request's company transaction: the check's query travels with BEGIN, one round trip for both
 * (`request.pendingAccountCheck`, db/tenancy.ts AccountCheck). A request that opens no transaction is checked before
 * its answer leaves (the onSend hook below); one refused by its role, or signed in with a temporary password, is
 * checked at once, so a closed account always hears 401 first.
 */
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
  const principal: Principal = { userId, role: claims.role, tenantId: claims.tid, name: '', email: '' };
  request.pendingAccountCheck = {
    userId,
    accept(user) {
      if (!user?.enabled || user.token_version !== claims.ver || user.role !== claims.role) throw unauthorized();
      principal.name = user.user_name;
      principal.email = user.email_id;
      request.pendingAccountCheck = null;
    },
  };
  if (claims.rst) await checkAccountNow(request, db);
  mustReset();
  return principal;
}

/** Runs a request's pending account check with a query of its own (no company transaction to travel with). */
async function checkAccountNow(request: FastifyRequest, db: Kysely<unknown>): Promise<void> {
  const check = request.pendingAccountCheck;
  if (!check || request.site.kind !== 'tenant') return;
  check.accept(await readTenantUser(db, request.site.tenant, check.userId));
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<unknown>; tokens: TokenService }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('user', function (this: FastifyRequest) {
      if (!this.principal) throw unauthorized();
      return this.principal;
    });
    app.decorateRequest('checkedUser', async function (this: FastifyRequest) {
      await checkAccountNow(this, options.db);
      return this.user();
    });
    // The account check of a request that opened no company transaction (or failed before it did): an account
    // closed meanwhile gets a 401 instead of the answer.
    // A 5xx tells nothing, and the database behind it may be what failed: it goes out as it is.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.pendingAccountCheck || reply.statusCode >= 500) return payload;
      try {
        await checkAccountNow(request, options.db);
        return payload;
      } catch (error) {
        const known = describeError(error as FastifyError) ?? {
          status: 500,
          message: 'Something went wrong. Please try again.',
        };
        if (payload instanceof Readable) payload.destroy();
        reply.status(known.status).type('application/json; charset=utf-8');
        return JSON.stringify({ message: known.message });
      }
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
        if (!allowed.has(principal.role)) {
          await checkAccountNow(request, options.db);
          throw forbidden();
        }
        request.principal = principal;
      };
      guardRoles.set(hook, [...allowed]);
      return hook;
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
