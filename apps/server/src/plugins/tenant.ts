import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import { platformDb, runAsTenant, type TenantDb, type TenantRecord } from '../db/tenancy.js';
import { notFound } from '../lib/app-error.js';

export type Site = { kind: 'platform' } | { kind: 'tenant'; tenant: TenantRecord };

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    /** The tenant of this host; 404 on the platform host. */
    tenant(): TenantRecord;
    /** Runs `fn` in one transaction as this host's tenant (see runAsTenant). */
    withTenant<T>(fn: (tdb: TenantDb) => Promise<T>): Promise<T>;
  }
}

/** Tenants by id; a miss asks the database, so a tenant created on another server is found at once. */
export class TenantDirectory {
  readonly #cache = new Map<string, TenantRecord>();
  constructor(private readonly db: Kysely<unknown>) {}

  async find(tenantId: string): Promise<TenantRecord | null> {
    const cached = this.#cache.get(tenantId);
    if (cached) return cached;
    const row = await platformDb(this.db)
      .selectFrom('tenants')
      .select(['tenant_id', 'db_name', 'db_username'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return null;
    const record = { tenantId: row.tenant_id, dbName: row.db_name, dbUsername: row.db_username };
    this.#cache.set(tenantId, record);
    return record;
  }
}

/** `acme.example.com` → `acme` when the base domain is `example.com`; the bare base domain is the platform. */
export function parseHost(
  host: string | undefined,
  baseDomain: string,
): { kind: 'platform' } | { kind: 'tenant'; tenantId: string } | null {
  if (!host) return null;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (name === baseDomain) return { kind: 'platform' };
  const suffix = `.${baseDomain}`;
  if (!name.endsWith(suffix)) return null;
  const tenantId = name.slice(0, -suffix.length);
  return /^[a-z][a-z0-9-]{1,39}$/.test(tenantId) ? { kind: 'tenant', tenantId } : null;
}

/**
 * This site's address (or a company's on it) for links in mails. Built from the Host header that the tenant hook
 * has already matched against BASE_DOMAIN, never from X-Forwarded-Host, so a client cannot point links elsewhere.
 */
export function siteOrigin(request: FastifyRequest, tenantId?: string): string {
  const host = request.headers.host ?? '';
  if (!tenantId) return `${request.protocol}://${host}`;
  const platformHost = request.site.kind === 'tenant' ? host.slice(host.indexOf('.') + 1) : host;
  return `${request.protocol}://${tenantId}.${platformHost}`;
}

/** Paths answered on any host (load-balancer probes call by IP). */
const HOSTLESS_PATHS = new Set(['/api/health']);

export const tenantPlugin = fp(
  async (app: FastifyInstance, options: { db: Kysely<unknown>; baseDomain: string; directory: TenantDirectory }) => {
    const { db, baseDomain, directory } = options;
    app.decorateRequest('site', null as never);
    app.decorateRequest('tenant', function (this: FastifyRequest) {
      if (this.site.kind !== 'tenant')
        throw notFound('This address belongs to a company. Open it on the company address.');
      return this.site.tenant;
    });
    app.decorateRequest('withTenant', function <T>(this: FastifyRequest, fn: (tdb: TenantDb) => Promise<T>) {
      return runAsTenant(db, this.tenant(), fn);
    });

    app.addHook('onRequest', async (request, reply) => {
      const parsed = parseHost(request.headers.host, baseDomain);
      if (parsed?.kind === 'platform') {
        request.site = { kind: 'platform' };
        return;
      }
      if (parsed?.kind === 'tenant') {
        const tenant = await directory.find(parsed.tenantId);
        if (tenant) {
          request.site = { kind: 'tenant', tenant };
          return;
        }
      }
      if (HOSTLESS_PATHS.has(request.url.split('?')[0] ?? '')) {
        request.site = { kind: 'platform' };
        return;
      }
      return reply.status(404).send({ message: 'Unknown company address.' });
    });

    app.get('/api/health', async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok', database: 'up' };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable', database: 'down', message: 'The database is unavailable.' });
      }
    });
  },
  { name: 'tenant', dependencies: ['errors'] },
);
