import { companyProfileSchema, updateCompanyProfileSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getCompanyLogo, getCompanyProfile, saveCompanyProfile } from './company-profile.service.js';

/** Company Profile (Settings): the letterhead of the documents and the receipt prefix; a tenant admin sets it. */
export async function companyProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();

  r.get(
    '/api/company-profile',
    { preHandler: app.requireRole('USER'), schema: { response: { 200: companyProfileSchema } } },
    (request) => request.withTenant((tdb) => getCompanyProfile(tdb, request.tenant().tenantId)),
  );

  r.put(
    '/api/company-profile',
    {
      preHandler: app.requireRole('TENANT_ADMIN'),
      schema: { body: updateCompanyProfileSchema, response: { 200: companyProfileSchema } },
    },
    (request) =>
      request.withTenant((tdb) =>
        saveCompanyProfile(tdb, request.body, request.user().userId, request.tenant().tenantId),
      ),
  );

  /** The logo's bytes with their type (404 when there is none). */
  r.get('/api/company-profile/logo', { preHandler: app.requireRole('USER') }, async (request, reply) => {
    const logo = await request.withTenant((tdb) => getCompanyLogo(tdb));
    return reply
      .header('Content-Type', logo.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(logo.bytes);
  });
}
