import { dashboardSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { getDashboard } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/api/dashboard',
    { preHandler: app.requireRole('USER'), schema: { response: { 200: dashboardSchema } } },
    async (request) => request.withTenant((tdb) => getDashboard(tdb)),
  );
}
