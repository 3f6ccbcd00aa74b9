import { type DevelopmentRow, developmentRowsSchema, id } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { checkRowRefs } from '../../lib/entry-rows.js';
import { idempotent } from '../../lib/idempotency.js';
import { assertProject } from '../projects/projects.service.js';
import { insertDevelopment, listDevelopment } from './development.repository.js';

/** per_sqft and per_plot costs are charged to a plot; per_project costs are spread over all plots. */
export function checkCategories(rows: readonly DevelopmentRow[]) {
  rows.forEach((row, i) => {
    if (row.category !== 'per_project' && !row.plotId) {
      throw badRequest(`Row ${i + 1}: select a plot for a ${row.category} cost.`, { [`${i}.plotId`]: 'Select a plot' });
    }
    if (row.category === 'per_project' && row.plotId) {
      throw badRequest(`Row ${i + 1}: a per_project cost is not charged to one plot.`, {
        [`${i}.plotId`]: 'No plot for per_project',
      });
    }
  });
}

export async function developmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.post('/api/development', { preHandler, schema: { body: developmentRowsSchema } }, async (request, reply) => {
    checkCategories(request.body);
    const result = await request.withTenant((tdb) =>
      idempotent(request, tdb, async () => {
        await checkRowRefs(tdb, request.body);
        const saved = await insertDevelopment(tdb, request.body, request.user().userId);
        const total = saved.reduce((sum, row) => sum + row.amount_paise, 0) / 100;
        return {
          status: 201,
          body: { message: 'Development information saved successfully!', ids: saved.map((s) => s.id), total },
        };
      }),
    );
    return reply.status(result.status).send(result.body);
  });

  r.get(
    '/api/development/by-project/:projectId',
    { preHandler, schema: { params: z.object({ projectId: id }), querystring: z.object({ plotId: id.optional() }) } },
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.params.projectId);
        return listDevelopment(tdb, { projectId: request.params.projectId, plotId: request.query.plotId });
      }),
  );

  r.delete('/api/development/:id', { preHandler, schema: { params: z.object({ id }) } }, async (request) => {
    const deleted = await request.withTenant((tdb) =>
      tdb.deleteFrom('development_entries').where('id', '=', request.params.id).returning('id').executeTakeFirst(),
    );
    if (!deleted) throw notFound('Development entry not found.');
    return { message: 'Development entry deleted.' };
  });
}
