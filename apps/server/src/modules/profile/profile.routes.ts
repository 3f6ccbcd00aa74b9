import { projectProfileQuerySchema, projectProfileSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getProjectProfile } from './profile.service.js';

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/project-profile',
    { preHandler, schema: { querystring: projectProfileQuerySchema, response: { 200: projectProfileSchema } } },
    (request) => request.withTenant((tdb) => getProjectProfile(tdb, request.query)),
  );
}
