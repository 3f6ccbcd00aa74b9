import { companySettingsSchema, updateCompanySettingsSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getCompanySettings, saveCompanySettings } from './company-settings.service.js';

/** The company's tax and cash rules of a plot sale: every user reads them (the receipt screen applies them), a tenant admin sets them. */
export async function companySettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();

  r.get(
    '/api/company-settings',
    { preHandler: app.requireRole('USER'), schema: { response: { 200: companySettingsSchema } } },
    (request) => request.withTenant((tdb) => getCompanySettings(tdb)),
  );

  r.put(
    '/api/company-settings',
    {
      preHandler: app.requireRole('TENANT_ADMIN'),
      schema: { body: updateCompanySettingsSchema, response: { 200: companySettingsSchema } },
    },
    (request) => request.withTenant((tdb) => saveCompanySettings(tdb, request.body, request.user().userId)),
  );
}
