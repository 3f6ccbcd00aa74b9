import {
  createdTenantAdminSchema,
  createTenantAdminSchema,
  id,
  lockedAccountSchema,
  messageResponseSchema,
  outboxMessageSchema,
  platformSettingsSchema,
  setUserEnabledSchema,
  tenantAdminSchema,
  tenantIdSchema,
  unlockAccountSchema,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import type { Mailer } from '../../lib/mail.js';
import { platformActor } from '../../lib/platform-audit.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { siteOrigin, type TenantDirectory } from '../../plugins/tenant.js';
import {
  createTenantAdmin,
  getOutbox,
  getSettings,
  listAllTenantAdmins,
  listLockedAccounts,
  resetTenantAdminPassword,
  setTenantAdminEnabled,
  unlockAccount,
} from './platform.service.js';

export interface PlatformRoutesOptions {
  db: Kysely<unknown>;
  mailer: Mailer;
  throttle: LoginThrottle;
  directory: TenantDirectory;
  baseDomain: string;
  mailFrom: string;
}

/** The super admin's Tenant Admins and Platform Settings screens. */
export async function platformRoutes(app: FastifyInstance, options: PlatformRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const { db, mailer, directory } = options;
  const superAdmin = app.requireRole('SUPER_ADMIN');
  const adminParams = z.object({ tenantId: tenantIdSchema, id });

  const tenantOf = async (tenantId: string) => {
    const tenant = await directory.find(tenantId);
    if (!tenant) throw notFound('Tenant not found.');
    return tenant;
  };
  const urlsFor = (request: FastifyRequest, tenantId: string) => ({ tenantOrigin: siteOrigin(request, tenantId) });

  r.get(
    '/api/admin/tenant-admins',
    { preHandler: superAdmin, schema: { response: { 200: z.array(tenantAdminSchema) } } },
    async () => listAllTenantAdmins(db),
  );

  r.post(
    '/api/admin/tenant-admins',
    { preHandler: superAdmin, schema: { body: createTenantAdminSchema, response: { 201: createdTenantAdminSchema } } },
    async (request, reply) => {
      const { tenantId, ...input } = request.body;
      const tenant = await directory.find(tenantId);
      if (!tenant) throw badRequest('Tenant not found.', { tenantId: 'Choose an existing tenant.' });
      const created = await createTenantAdmin(
        db,
        mailer,
        tenant,
        input,
        urlsFor(request, tenantId),
        platformActor(request),
      );
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/api/admin/tenant-admins/:tenantId/:id',
    {
      preHandler: superAdmin,
      schema: { params: adminParams, body: setUserEnabledSchema, response: { 200: tenantAdminSchema } },
    },
    async (request) => {
      const tenant = await tenantOf(request.params.tenantId);
      return setTenantAdminEnabled(db, tenant, request.params.id, request.body.enabled, platformActor(request));
    },
  );

  r.post(
    '/api/admin/tenant-admins/:tenantId/:id/reset-password',
    { preHandler: superAdmin, schema: { params: adminParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { tenantId, id: adminId } = request.params;
      const tenant = await tenantOf(tenantId);
      return resetTenantAdminPassword(db, mailer, tenant, adminId, urlsFor(request, tenantId), platformActor(request));
    },
  );

  r.get(
    '/api/admin/settings',
    { preHandler: superAdmin, schema: { response: { 200: platformSettingsSchema } } },
    async () => getSettings(db, mailer, { baseDomain: options.baseDomain, mailFrom: options.mailFrom }),
  );
  r.get(
    '/api/admin/outbox',
    { preHandler: superAdmin, schema: { response: { 200: z.array(outboxMessageSchema) } } },
    async () => getOutbox(db),
  );

  r.get(
    '/api/admin/locked-accounts',
    { preHandler: superAdmin, schema: { response: { 200: z.array(lockedAccountSchema) } } },
    async () => listLockedAccounts(options.throttle),
  );
  r.post(
    '/api/admin/locked-accounts/unlock',
    { preHandler: superAdmin, schema: { body: unlockAccountSchema, response: { 200: messageResponseSchema } } },
    async (request) => unlockAccount(db, options.throttle, request.body.account, platformActor(request)),
  );
}
