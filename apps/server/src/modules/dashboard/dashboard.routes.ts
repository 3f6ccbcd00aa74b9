import type { FastifyInstance } from 'fastify';
import { getDashboard } from './dashboard.repository.js';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard', { preHandler: app.requireRole('USER') }, async (request) =>
    request.withTenant(getDashboard),
  );
}
