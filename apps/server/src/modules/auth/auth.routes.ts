import {
  email as emailSchema,
  loginSchema,
  masterLoginSchema,
  registerSchema,
  resetPasswordSchema,
  tenantIdSchema,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { runAsTenant } from '../../db/tenancy.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { siteOrigin, type TenantDirectory } from '../../plugins/tenant.js';
import { type AccountStore, platformAccounts, tenantAccounts } from './auth.repository.js';
import { type AuthDeps, createUser, forgotPassword, login, masterLogin, resetPassword } from './auth.service.js';

export interface AuthRoutesOptions extends AuthDeps {
  db: Kysely<unknown>;
  directory: TenantDirectory;
  baseDomain: string;
}

/** The account store of the request's host: the tenant's users, or the platform's admins. */
function storeFor(request: FastifyRequest, db: Kysely<unknown>): AccountStore {
  if (request.site.kind === 'tenant')
    return tenantAccounts(request.site.tenant.tenantId, (fn) => request.withTenant(fn));
  return platformAccounts(db);
}

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  r.get('/api/site', async (request) => ({
    kind: request.site.kind,
    tenantId: request.site.kind === 'tenant' ? request.site.tenant.tenantId : null,
    baseDomain: options.baseDomain,
  }));

  r.post(
    '/api/admin/tenants/:tenantId/register',
    {
      schema: { params: z.object({ tenantId: tenantIdSchema }), body: registerSchema },
      // Public and it mails strangers: a few sign-ups per address and quarter hour.
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      if (request.site.kind === 'tenant' && request.site.tenant.tenantId !== tenantId) {
        throw forbidden('You can only register with the company whose address you are on.');
      }
      const tenant = await options.directory.find(tenantId);
      if (!tenant) throw notFound('Company not found.');
      const body = request.body;
      const loginUrl = `${siteOrigin(request, tenantId)}/login`;
      const result = await createUser(
        (fn) => runAsTenant(db, tenant, fn),
        options.mailer,
        { ...body, role: 'USER' },
        {
          tenantId,
          loginUrl,
        },
      );
      return reply.status(201).send({
        success: true,
        message: result.passwordGenerated
          ? 'Registration successful! Please check your email for your password.'
          : 'Registration successful! You can now log in.',
      });
    },
  );

  r.post('/api/login', { schema: { body: loginSchema } }, async (request) => {
    request.tenant();
    return login(options, storeFor(request, db), request.body.emailId, request.body.password, request.ip);
  });

  r.post('/api/master/login', { schema: { body: masterLoginSchema } }, async (request) =>
    masterLogin(options, storeFor(request, db), request.body.email, request.body.password, request.ip),
  );

  r.post('/api/resetPwd', { schema: { body: resetPasswordSchema } }, async (request) =>
    resetPassword(options, storeFor(request, db), request.body, request.ip),
  );

  r.post(
    '/api/forgot-password',
    {
      schema: { querystring: z.object({ email: emailSchema }) },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const loginPath = request.site.kind === 'tenant' ? '/login' : '/admin/login';
      return forgotPassword(options, storeFor(request, db), request.query.email, `${siteOrigin(request)}${loginPath}`);
    },
  );

  r.get('/api/me', { preHandler: app.requireRole('USER', 'SUPER_ADMIN') }, async (request) => request.user());
}
