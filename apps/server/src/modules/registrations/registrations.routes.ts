import {
  pageQuerySchema,
  registrationInputSchema,
  registrationListSchema,
  registrationQuerySchema,
  registrationSavedSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { answerOnce } from '../../lib/idempotency.js';
import { pageRequest, sendPage } from '../../lib/paging.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getRegistrations, registerPlot } from './registrations.service.js';

export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.post(
    '/api/registration',
    { preHandler, schema: { body: registrationInputSchema, response: { 201: registrationSavedSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) => registerPlot(tdb, request.body, request.user().userId)),
  );

  /** Registered Plots. Paged (`?limit=&cursor=&q=`, see lib/paging.ts); `?projectId=` narrows it to one project. */
  r.get(
    '/api/registration',
    {
      preHandler,
      schema: {
        querystring: pageQuerySchema.extend(registrationQuerySchema.shape),
        response: { 200: registrationListSchema },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, 'date');
      const result = await request.withTenant((tdb) =>
        getRegistrations(tdb, { projectId: request.query.projectId }, page),
      );
      return sendPage(request, reply, result);
    },
  );
}
