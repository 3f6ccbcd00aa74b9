import { createTenantUserSchema, id, setUserEnabledSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../lib/mail.js';
import { siteOrigin } from '../../plugins/tenant.js';
import { createUser } from '../auth/auth.service.js';
import { listUsers } from '../tenants/tenants.repository.js';
import { getSummary, resetUserPassword, setUserEnabled } from './tenant-admin.service.js';

export interface TenantAdminRoutesOptions {
  mailer: Mailer;
}

/** A tenant admin's own screens, on the tenant's host: its users and a summary for the dashboard. */
export async function tenantAdminRoutes(app: FastifyInstance, options: TenantAdminRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = options;
  const tenantAdmin = app.requireRole('TENANT_ADMIN');
  const userParams = z.object({ id });

  r.get('/api/tenant-admin/summary', { preHandler: tenantAdmin }, async (request) =>
    request.withTenant((tdb) => getSummary(tdb, request.tenant().tenantId)),
  );

  r.get('/api/tenant-admin/users', { preHandler: tenantAdmin }, async (request) => request.withTenant(listUsers));

  r.post(
    '/api/tenant-admin/users',
    { preHandler: tenantAdmin, schema: { body: createTenantUserSchema } },
    async (request, reply) => {
      const { name, email, password, mobileNumber, city, role } = request.body;
      const tenantId = request.tenant().tenantId;
      const loginUrl = `${siteOrigin(request)}${role === 'TENANT_ADMIN' ? '/admin/login' : '/login'}`;
      const created = await createUser(
        (fn) => request.withTenant(fn),
        mailer,
        { userName: name, emailId: email, password, mobileNumber, city, role },
        { tenantId, loginUrl },
      );
      return reply.status(201).send({ id: created.id, message: 'User created successfully' });
    },
  );

  r.patch(
    '/api/tenant-admin/users/:id',
    { preHandler: tenantAdmin, schema: { params: userParams, body: setUserEnabledSchema } },
    async (request) =>
      request.withTenant((tdb) => setUserEnabled(tdb, request.user(), request.params.id, request.body.enabled)),
  );

  r.post(
    '/api/tenant-admin/users/:id/reset-password',
    { preHandler: tenantAdmin, schema: { params: userParams } },
    async (request) =>
      resetUserPassword((fn) => request.withTenant(fn), mailer, request.params.id, {
        tenantId: request.tenant().tenantId,
        origin: siteOrigin(request),
      }),
  );
}
