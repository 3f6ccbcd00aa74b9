import {
  createdTenantSchema,
  createdUserResponseSchema,
  createTenantSchema,
  createTenantUserSchema,
  tenantIdSchema,
  tenantSchema,
  tenantUserSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mail.js';
import { platformActor } from '../../lib/platform-audit.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { siteOrigin, type TenantDirectory } from '../../plugins/tenant.js';
import { addUserTo, createTenant, listAllTenants, listUsersOf } from './tenants.service.js';

export interface TenantRoutesOptions {
  db: Kysely<unknown>;
  mailer: Mailer;
  directory: TenantDirectory;
}

export async function tenantRoutes(app: FastifyInstance, options: TenantRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const { db, mailer, directory } = options;
  const superAdmin = app.requireRole('SUPER_ADMIN');
  const tenantParams = z.object({ tenantId: tenantIdSchema });

  r.post(
    '/api/admin/create-tenant',
    { preHandler: superAdmin, schema: { body: createTenantSchema, response: { 201: createdTenantSchema } } },
    async (request, reply) => {
      const tenant = await createTenant(
        db,
        mailer,
        request.body,
        {
          tenantOrigin: siteOrigin(request, request.body.tenantId),
        },
        platformActor(request),
      );
      return reply.status(201).send(tenant);
    },
  );

  r.get(
    '/api/admin/tenants',
    { preHandler: superAdmin, schema: { response: { 200: z.array(tenantSchema) } } },
    async () => listAllTenants(db),
  );

  r.get(
    '/api/admin/tenants/:tenantId/users',
    { preHandler: superAdmin, schema: { params: tenantParams, response: { 200: z.array(tenantUserSchema) } } },
    async (request) => {
      const tenant = await directory.find(request.params.tenantId);
      if (!tenant) throw notFound('Tenant not found.');
      return listUsersOf(db, tenant);
    },
  );

  r.post(
    '/api/admin/tenants/:tenantId/users',
    {
      preHandler: superAdmin,
      schema: { params: tenantParams, body: createTenantUserSchema, response: { 201: createdUserResponseSchema } },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      const tenant = await directory.find(tenantId);
      if (!tenant) throw notFound('Tenant not found.');
      const loginUrl = `${siteOrigin(request, tenantId)}/login`;
      const created = await addUserTo(db, tenant, mailer, request.body, loginUrl, platformActor(request));
      return reply.status(201).send({ id: created.id, message: 'User created successfully' });
    },
  );
}
