import { healthDownSchema, healthSchema, type SiteInfo, siteInfoSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import type { Site } from '../../plugins/tenant.js';
import { isDatabaseUp } from './site.service.js';

export interface SiteRoutesOptions {
  db: Kysely<unknown>;
  baseDomain: string;
}

/** The two public probes: the load balancer's health check (on any host) and which host the web app is on. */
export async function siteRoutes(app: FastifyInstance, options: SiteRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();

  r.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthDownSchema } } },
    async (_request, reply) => {
      if (await isDatabaseUp(options.db)) return { status: 'ok' as const, database: 'up' as const };
      return reply
        .status(503)
        .send({ status: 'unavailable', database: 'down', message: 'The database is unavailable.' });
    },
  );

  r.get('/api/site', { schema: { response: { 200: siteInfoSchema } } }, async (request) =>
    siteInfo(request.site, options.baseDomain),
  );
}

/** Which host a request came to, as `/api/site` answers and the prerendered public pages carry it. */
export function siteInfo(site: Site, baseDomain: string): SiteInfo {
  return { kind: site.kind, tenantId: site.kind === 'tenant' ? site.tenant.tenantId : null, baseDomain };
}
