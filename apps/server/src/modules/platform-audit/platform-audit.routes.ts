import { platformAuditListSchema, platformAuditQuerySchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { listPlatformAudit } from './platform-audit.service.js';

export async function platformAuditRoutes(app: FastifyInstance, options: { db: Kysely<unknown> }) {
  const r = app.withTypeProvider<ApiTypeProvider>();

  /**
   * The platform's own trail (companies created, admins added, enabled or reset, demo requests handled, accounts
   * unlocked, super admin sign-ins), newest first, paged (`?limit=&cursor=&q=`, see lib/paging.ts), filtered by
   * action and days (India Standard Time). The super admin's only.
   */
  r.get(
    '/api/platform/audit',
    {
      preHandler: app.requireRole('SUPER_ADMIN'),
      schema: { querystring: platformAuditQuerySchema, response: { 200: platformAuditListSchema } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'timestamp');
      return sendPage(request, reply, await listPlatformAudit(options.db, request.query, page));
    },
  );
}
