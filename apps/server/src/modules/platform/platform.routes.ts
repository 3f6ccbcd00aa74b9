import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../lib/mail.js';
import { getOutbox, getSettings, listAllTenantAdmins } from './platform.service.js';

export interface PlatformRoutesOptions {
  db: Kysely<unknown>;
  mailer: Mailer;
  baseDomain: string;
  mailFrom: string;
}

/** The super admin's Tenant Admins and Platform Settings screens. */
export async function platformRoutes(app: FastifyInstance, options: PlatformRoutesOptions) {
  const { db, mailer } = options;
  const superAdmin = app.requireRole('SUPER_ADMIN');

  app.get('/api/admin/tenant-admins', { preHandler: superAdmin }, async () => listAllTenantAdmins(db));

  app.get('/api/admin/settings', { preHandler: superAdmin }, async () =>
    getSettings(db, mailer, { baseDomain: options.baseDomain, mailFrom: options.mailFrom }),
  );

  app.get('/api/admin/outbox', { preHandler: superAdmin }, async () => getOutbox(db));
}
