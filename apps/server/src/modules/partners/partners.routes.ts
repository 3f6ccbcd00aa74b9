import {
  archivedQuerySchema,
  archiveInputSchema,
  archiveResultSchema,
  id,
  messageResponseSchema,
  partnerInputSchema,
  partnerSavedSchema,
  partnerSchema,
  restoreInputSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import {
  archivePartner,
  deletePartner,
  getPartner,
  listAllPartners,
  restorePartner,
  savePartner,
} from './partners.service.js';

const params = z.object({ id });

export async function partnerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/partner',
    { preHandler, schema: { querystring: archivedQuerySchema, response: { 200: z.array(partnerSchema) } } },
    (request) => request.withTenant((tdb) => listAllPartners(tdb, request.query.archived === 'include')),
  );
  r.get('/api/partner/:id', { preHandler, schema: { params, response: { 200: partnerSchema } } }, (request) =>
    request.withTenant((tdb) => getPartner(tdb, request.params.id)),
  );
  r.post(
    '/api/partner',
    { preHandler, schema: { body: partnerInputSchema, response: { 201: partnerSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, async (tdb) => ({
        partnerId: await savePartner(tdb, request.body, null),
        message: 'Partner saved successfully!',
      })),
  );
  r.put(
    '/api/partner/:id',
    { preHandler, schema: { params, body: partnerInputSchema, response: { 200: partnerSavedSchema } } },
    async (request) => {
      await request.withTenant((tdb) => savePartner(tdb, request.body, request.params.id));
      return { partnerId: request.params.id, message: 'Partner saved successfully!' };
    },
  );
  r.delete(
    '/api/partner/:id',
    { preHandler, schema: { params, response: { 200: messageResponseSchema } } },
    async (request) => {
      await request.withTenant((tdb) => deletePartner(tdb, request.params.id));
      return { message: 'Partner deleted.' };
    },
  );

  // Archive, not delete (issue 19): a tenant admin archives a partner with a reason, or restores them.
  const admin = app.requireRole('TENANT_ADMIN');
  r.post(
    '/api/partner/:id/archive',
    { preHandler: admin, schema: { params, body: archiveInputSchema, response: { 200: archiveResultSchema } } },
    (request) =>
      request.withTenant((tdb) => archivePartner(tdb, request.params.id, request.user().userId, request.body.reason)),
  );
  r.post(
    '/api/partner/:id/restore',
    { preHandler: admin, schema: { params, body: restoreInputSchema, response: { 200: archiveResultSchema } } },
    (request) => request.withTenant((tdb) => restorePartner(tdb, request.params.id, request.body.reason)),
  );
}
