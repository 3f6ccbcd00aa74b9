import {
  createdUserResponseSchema,
  createTenantUserSchema,
  id,
  messageResponseSchema,
  pendingUserSchema,
  setUserEnabledSchema,
  tenantAdminSummarySchema,
  tenantUserSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../lib/mail.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { siteOrigin } from '../../plugins/tenant.js';
import {
  addUser,
  approveUser,
  getPendingUsers,
  getSummary,
  getUsers,
  rejectUser,
  resetUserPassword,
  setUserEnabled,
} from './tenant-admin.service.js';

export interface TenantAdminRoutesOptions {
  mailer: Mailer;
}

/** A tenant admin's own screens, on the tenant's host: its users and a summary for the dashboard. */
export async function tenantAdminRoutes(app: FastifyInstance, options: TenantAdminRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const { mailer } = options;
  const tenantAdmin = app.requireRole('TENANT_ADMIN');
  const userParams = z.object({ id });

  r.get(
    '/api/tenant-admin/summary',
    { preHandler: tenantAdmin, schema: { response: { 200: tenantAdminSummarySchema } } },
    async (request) => request.withTenant((tdb) => getSummary(tdb, request.tenant().tenantId)),
  );

  r.get(
    '/api/tenant-admin/users',
    { preHandler: tenantAdmin, schema: { response: { 200: z.array(tenantUserSchema) } } },
    async (request) => request.withTenant(getUsers),
  );

  r.post(
    '/api/tenant-admin/users',
    { preHandler: tenantAdmin, schema: { body: createTenantUserSchema, response: { 201: createdUserResponseSchema } } },
    async (request, reply) => {
      const tenantId = request.tenant().tenantId;
      const loginUrl = `${siteOrigin(request)}${request.body.role === 'TENANT_ADMIN' ? '/admin/login' : '/login'}`;
      const created = await addUser((fn) => request.withTenant(fn), mailer, request.body, { tenantId, loginUrl });
      return reply.status(201).send({ id: created.id, message: 'User created successfully' });
    },
  );

  r.patch(
    '/api/tenant-admin/users/:id',
    {
      preHandler: tenantAdmin,
      schema: { params: userParams, body: setUserEnabledSchema, response: { 200: tenantUserSchema } },
    },
    async (request) =>
      request.withTenant((tdb) => setUserEnabled(tdb, request.user(), request.params.id, request.body.enabled)),
  );

  r.post(
    '/api/tenant-admin/users/:id/reset-password',
    { preHandler: tenantAdmin, schema: { params: userParams, response: { 200: messageResponseSchema } } },
    async (request) =>
      resetUserPassword((fn) => request.withTenant(fn), mailer, request.params.id, {
        tenantId: request.tenant().tenantId,
        origin: siteOrigin(request),
      }),
  );

  r.get(
    '/api/tenant-admin/pending-users',
    { preHandler: tenantAdmin, schema: { response: { 200: z.array(pendingUserSchema) } } },
    async (request) => request.withTenant(getPendingUsers),
  );

  r.post(
    '/api/tenant-admin/users/:id/approve',
    { preHandler: tenantAdmin, schema: { params: userParams, response: { 200: messageResponseSchema } } },
    async (request) =>
      approveUser((fn) => request.withTenant(fn), mailer, request.params.id, {
        tenantId: request.tenant().tenantId,
        origin: siteOrigin(request),
      }),
  );

  r.post(
    '/api/tenant-admin/users/:id/reject',
    { preHandler: tenantAdmin, schema: { params: userParams, response: { 200: messageResponseSchema } } },
    async (request) => request.withTenant((tdb) => rejectUser(tdb, request.params.id)),
  );
}
