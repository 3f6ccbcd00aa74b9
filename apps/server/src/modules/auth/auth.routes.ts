import {
  email as emailSchema,
  loginLinkSchema,
  loginResponseSchema,
  loginSchema,
  masterLoginResponseSchema,
  masterLoginSchema,
  messageResponseSchema,
  principalSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordSchema,
  tenantIdSchema,
  verifyEmailSchema,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { TenantDb } from '../../db/tenancy.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { type PlatformTrail, platformActor } from '../../lib/platform-audit.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { siteOrigin, type TenantDirectory } from '../../plugins/tenant.js';
import type { AccountStore } from './auth.repository.js';
import { type AuthDeps, login, masterLogin } from './auth.service.js';
import { accountStore, asCompany } from './company-users.service.js';
import { confirmEmail, registerUser } from './new-users.service.js';
import { forgotPassword, resetPassword } from './passwords.service.js';
import { openSignInLink } from './sign-in-link.service.js';

export interface AuthRoutesOptions extends AuthDeps {
  db: Kysely<unknown>;
  directory: TenantDirectory;
}

/** The account store of the request's host: the tenant's users, or the platform's admins. */
function storeFor(request: FastifyRequest, db: Kysely<unknown>): AccountStore {
  const tenantId = request.site.kind === 'tenant' ? request.site.tenant.tenantId : null;
  return accountStore(tenantId, (fn) => request.withTenant(fn), db);
}

/** On the platform's host, sign-ins and password changes go to the platform trail; a company's host has none. */
const trailOf = (request: FastifyRequest, db: Kysely<unknown>): PlatformTrail | undefined =>
  request.site.kind === 'platform' ? { db, actor: platformActor(request) } : undefined;

/** Who asks, for the throttle, and the site's address, for a mailed sign-in link. */
const where = (request: FastifyRequest) => ({ ip: request.ip, origin: siteOrigin(request) });

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const { db } = options;

  r.post(
    '/api/admin/tenants/:tenantId/register',
    {
      schema: {
        params: z.object({ tenantId: tenantIdSchema }),
        body: registerSchema,
        response: { 201: registerResponseSchema },
      },
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
      // On the company's own address, the request's transaction (its trail row names the client address).
      const run: <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T> =
        request.site.kind === 'tenant' ? (fn) => request.withTenant(fn) : asCompany(db, tenant);
      const result = await registerUser(run, options.mailer, request.body, {
        tenantId,
        origin: siteOrigin(request, tenantId),
      });
      return reply.status(201).send({ success: true, message: result.message });
    },
  );

  r.post(
    '/api/verify-email',
    {
      schema: { body: verifyEmailSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => confirmEmail((fn) => request.withTenant(fn), request.body.token),
  );

  r.post('/api/login', { schema: { body: loginSchema, response: { 200: loginResponseSchema } } }, async (request) => {
    request.tenant();
    return login(options, storeFor(request, db), request.body.emailId, request.body.password, where(request));
  });

  r.post(
    '/api/master/login',
    { schema: { body: masterLoginSchema, response: { 200: masterLoginResponseSchema } } },
    async (request) =>
      masterLogin(
        options,
        storeFor(request, db),
        request.body.email,
        request.body.password,
        where(request),
        trailOf(request, db),
      ),
  );

  r.post(
    '/api/login-link',
    {
      schema: { body: loginLinkSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) =>
      openSignInLink(
        options.throttle,
        request.site.kind === 'tenant' ? request.site.tenant.tenantId : null,
        request.body.token,
        request.ip,
      ),
  );

  r.post(
    '/api/resetPwd',
    { schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => resetPassword(options, storeFor(request, db), request.body, request.ip, trailOf(request, db)),
  );

  r.post(
    '/api/forgot-password',
    {
      schema: { querystring: z.object({ email: emailSchema }), response: { 200: messageResponseSchema } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const loginPath = request.site.kind === 'tenant' ? '/login' : '/admin/login';
      const loginUrl = `${siteOrigin(request)}${loginPath}`;
      return forgotPassword(options, storeFor(request, db), request.query.email, loginUrl, trailOf(request, db));
    },
  );

  r.get(
    '/api/me',
    { preHandler: app.requireRole('USER', 'SUPER_ADMIN'), schema: { response: { 200: principalSchema } } },
    (request) => request.checkedUser(),
  );
}
