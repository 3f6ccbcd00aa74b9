import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { DIRECTORY_TTL_MS } from '../db/clusters.js';
import type { ReportReads } from '../db/report-reads.js';
import { type AccountCheck, findTenantRecord, runAsTenant, type TenantDb, type TenantRecord } from '../db/tenancy.js';
import { notFound } from '../lib/app-error.js';
import { type Actor, attachActor } from '../lib/audit.js';
import { readReport } from './report-reads.js';

/** A person's browser asking for a page (not the API): it gets a page it can read, not JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
}

/** What a browser shows at a company address that does not exist (a mistyped or closed company). */
const UNKNOWN_ADDRESS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unknown company address · Plotbook</title>
</head>
<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 15vh auto; padding: 0 1rem; color: #212529">
<h1 style="font-size: 1.5rem">No company at this address</h1>
<p>Plotbook has no company at this address. Check the address your company gave you, or ask your administrator.</p>
</body>
</html>
`;

export interface TenantCallOptions {
  writes?: boolean;
  replica?: boolean;
}

export type Site = { kind: 'platform' } | { kind: 'tenant'; tenant: TenantRecord };

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL: where people reach the platform; mail links are built from it. */
    publicUrl: string;
  }
  interface FastifyRequest {
    site: Site;
    /** The tenant of this host; 404 on the platform host. */
    tenant(): TenantRecord;
    /**
     * Runs `fn` in one transaction as this host's tenant (see runAsTenant), with the pending account check. A GET
     * only reads: its transaction is `read only` (TransactionAccess), so a write in it fails in any test that calls it;
     * a GET that must record something (a printed document's copy and trail row) says `{ writes: true }`. A report
     * or export says `{ replica: true }`: with REPLICAS it may be read from the cluster's replica when that is
     * fresh enough (db/report-reads.ts, plugins/report-reads.ts).
     */
    withTenant<T>(fn: (tdb: TenantDb) => Promise<T>, options?: TenantCallOptions): Promise<T>;
    /**
     * The signed-in user's account check not run yet (plugins/auth.ts): the next `withTenant` runs it with its
     * BEGIN, which clears it.
     */
    pendingAccountCheck: AccountCheck | null;
  }
}

/**
 * Tenants by id; a miss asks the database, so a tenant created on another server is found at once. A record is
 * read again once it is DIRECTORY_TTL_MS old: one indexed platform read per company and server every 2 s at most.
 */
export class TenantDirectory {
  readonly #cache = new Map<string, { record: TenantRecord; readAt: number }>();
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly ttlMs = DIRECTORY_TTL_MS,
  ) {}

  async find(tenantId: string): Promise<TenantRecord | null> {
    const cached = this.#cache.get(tenantId);
    const now = performance.now();
    if (cached && now - cached.readAt < this.ttlMs) return cached.record;
    const record = await findTenantRecord(this.db, tenantId);
    if (!record) {
      this.#cache.delete(tenantId);
      return null;
    }
    this.#cache.set(tenantId, { record, readAt: now });
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
 * This site's address (or a company's on it) for links in mails: PUBLIC_URL's scheme, host and port, with the
 * company's id in front on a company's host. Never from request headers (Host, X-Forwarded-*), so a client
 * cannot point the links in someone's mail elsewhere.
 */
export function siteOrigin(request: FastifyRequest, tenantId?: string): string {
  const base = new URL(request.server.publicUrl);
  const id = tenantId ?? (request.site.kind === 'tenant' ? request.site.tenant.tenantId : undefined);
  return id ? `${base.protocol}//${id}.${base.host}` : `${base.protocol}//${base.host}`;
}

/** Paths answered on any host (load-balancer probes call by IP; see modules/site). */
const HOSTLESS_PATHS = new Set(['/api/health']);

export const tenantPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Kysely<unknown>;
      baseDomain: string;
      directory: TenantDirectory;
      /** Companies whose schema is being brought to this server's version: they answer 503 until it is. */
      updates?: { isUpdating(tenantId: string): boolean };
      /** With REPLICAS: where a report read goes (db/report-reads.ts). */
      reads?: ReportReads;
    },
  ) => {
    const { db, baseDomain, directory, updates, reads: reportReads } = options;
    app.decorateRequest('site', null as never);
    app.decorateRequest('tenant', function (this: FastifyRequest) {
      if (this.site.kind !== 'tenant')
        throw notFound('This address belongs to a company. Open it on the company address.');
      return this.site.tenant;
    });
    app.decorateRequest('pendingAccountCheck', null);
    app.decorateRequest('withTenant', function <
      T,
    >(this: FastifyRequest, fn: (tdb: TenantDb) => Promise<T>, options?: TenantCallOptions) {
      const reads = (this.method === 'GET' || this.method === 'HEAD') && !options?.writes;
      const access = reads ? 'read only' : 'read write';
      // The audit trail's actor (lib/audit.ts): read when the trail rows are written, after the account check.
      const actor = (): Actor => ({
        userId: this.principal?.userId ?? null,
        userName: this.principal?.name || null,
        clientAddress: this.ip ?? null,
        requestId: this.id ?? null,
      });
      const run = (replica?: Kysely<unknown>) =>
        runAsTenant(
          db,
          this.tenant(),
          (tdb) => {
            attachActor(tdb, actor);
            return fn(tdb);
          },
          this.pendingAccountCheck ?? undefined,
          access,
          replica,
        );
      if (!reportReads || !options?.replica || !reads) return run();
      return readReport(this, reportReads, db, run);
    });

    app.addHook('onRequest', async (request, reply) => {
      const parsed = parseHost(request.headers.host, baseDomain);
      if (parsed?.kind === 'platform') {
        request.site = { kind: 'platform' };
        return;
      }
      if (parsed?.kind === 'tenant') {
        const tenant = await directory.find(parsed.tenantId);
        if (tenant && updates?.isUpdating(tenant.tenantId)) {
          return reply
            .status(503)
            .header('retry-after', '60')
            .send({ message: 'This company is being updated; try again in a minute.' });
        }
        if (tenant?.moving) {
          return reply
            .status(503)
            .header('retry-after', '60')
            .send({ message: 'This company is being moved. Try again in a minute.' });
        }
        if (tenant) {
          request.site = { kind: 'tenant', tenant };
          return;
        }
      }
      if (HOSTLESS_PATHS.has(request.url.split('?')[0] ?? '')) {
        request.site = { kind: 'platform' };
        return;
      }
      if (wantsPage(request)) return reply.status(404).type('text/html; charset=utf-8').send(UNKNOWN_ADDRESS_PAGE);
      return reply.status(404).send({ message: 'Unknown company address.' });
    });
  },
  { name: 'tenant', dependencies: ['errors'] },
);
