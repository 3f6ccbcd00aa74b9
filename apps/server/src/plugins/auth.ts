import type { Role } from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { platformDb } from '../db/tenancy.js';
import type { TenantTables } from '../db/types.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import type { TokenService } from '../lib/tokens.js';

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
    const admin = await platformDb(db)
      .selectFrom('platform_admins')
      .select(['id', 'name', 'email', 'token_version'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!admin || admin.token_version !== claims.ver) throw unauthorized();
    mustReset();
    return { userId, role: 'SUPER_ADMIN', tenantId: null, name: admin.name, email: admin.email };
  }

  if (request.site.kind !== 'tenant' || request.site.tenant.tenantId !== claims.tid) {
    throw forbidden('This sign-in belongs to another company.');
  }
  // One plain read by id in this host's own schema (named explicitly): cheaper than a role-switching
  // transaction, and it can only reach the tenant the host already resolved.
  const user = await (db as Kysely<TenantTables>)
    .withSchema(request.site.tenant.dbName)
    .selectFrom('users')
    .select(['id', 'user_name', 'email_id', 'role', 'token_version', 'enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
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
    app.decorate('requireRole', (...roles: Role[]) => {
      // A tenant admin may do everything a user may.
      const allowed = new Set<Role>(roles.includes('USER') ? [...roles, 'TENANT_ADMIN'] : roles);
      const hook: preHandlerAsyncHookHandler = async (request) => {
        const principal = await authenticate(request, options.db, options.tokens);
        if (!allowed.has(principal.role)) throw forbidden();
        request.principal = principal;
      };
      return hook;
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
