import {
  accountProfileSavedSchema,
  accountProfileSchema,
  changePasswordSchema,
  helpContactsSchema,
  passwordChangedSchema,
  updateAccountProfileSchema,
} from '@plotbook/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import type { TokenService } from '../../lib/tokens.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import {
  changeAccountPassword,
  getAccountProfile,
  getHelpContacts,
  type RunAsTenant,
  saveAccountProfile,
} from './settings.service.js';

export interface SettingsRoutesOptions {
  db: Kysely<unknown>;
  throttle: LoginThrottle;
  tokens: TokenService;
}

const runFor =
  (request: FastifyRequest): RunAsTenant =>
  (fn) =>
    request.withTenant(fn);

/** Settings (the signed-in user's own details and password) and Help and Support's contacts. */
export async function settingsRoutes(app: FastifyInstance, options: SettingsRoutesOptions) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get('/api/settings/profile', { preHandler, schema: { response: { 200: accountProfileSchema } } }, (request) =>
    request.withTenant((tdb) => getAccountProfile(tdb, request.user().userId)),
  );

  r.put(
    '/api/settings/profile',
    { preHandler, schema: { body: updateAccountProfileSchema, response: { 200: accountProfileSavedSchema } } },
    async (request) => {
      const profile = await request.withTenant((tdb) => saveAccountProfile(tdb, request.user().userId, request.body));
      return { message: 'Settings saved successfully!', profile };
    },
  );

  r.post(
    '/api/settings/password',
    { preHandler, schema: { body: changePasswordSchema, response: { 200: passwordChangedSchema } } },
    (request) => {
      const { userId, tenantId } = request.user();
      return changeAccountPassword(
        options,
        runFor(request),
        { userId, tenantId: tenantId as string, ip: request.ip },
        request.body,
      );
    },
  );

  r.get('/api/help/contacts', { preHandler, schema: { response: { 200: helpContactsSchema } } }, (request) =>
    getHelpContacts(options.db, runFor(request)),
  );
}
