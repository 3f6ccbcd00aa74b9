import { contributionDeleteSchema, contributionUpdateSchema, id, toPaise } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { checkRowRefs } from '../../lib/entry-rows.js';
import { listDevelopment } from '../development/development.repository.js';
import { assertProject } from '../projects/projects.service.js';

/**
 * Partner Contribution ("Plot Development Activity"): the development rows of a project (or one plot of it),
 * each editable and deletable on its own.
 */
export async function contributionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.get(
    '/api/partnercontribution',
    { preHandler, schema: { querystring: z.object({ projectId: id, plotId: id.optional() }) } },
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.query.projectId);
        return listDevelopment(tdb, { projectId: request.query.projectId, plotId: request.query.plotId });
      }),
  );

  r.post('/api/partnercontribution/update', { preHandler, schema: { body: contributionUpdateSchema } }, (request) =>
    request.withTenant(async (tdb) => {
      const body = request.body;
      const existing = await tdb
        .selectFrom('development_entries')
        .select(['id', 'project_id', 'plot_id', 'category'])
        .where('id', '=', body.developmentId)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) throw notFound('Development entry not found.');
      if (body.category && body.category !== existing.category) {
        throw badRequest('The category of a contribution cannot be changed here; delete it and record it again.');
      }
      await checkRowRefs(tdb, [{ projectId: existing.project_id, partnerId: body.partnerId }]);
      await tdb
        .updateTable('development_entries')
        .set({
          particular: body.particular,
          amount_paise: toPaise(body.amount),
          partner_id: body.partnerId,
          ...(body.date ? { entry_date: body.date } : {}),
          ...(body.mode ? { mode: body.mode } : {}),
        })
        .where('id', '=', body.developmentId)
        .execute();
      const [row] = await listDevelopment(tdb, { id: body.developmentId });
      return row;
    }),
  );

  r.post(
    '/api/partnercontribution/delete',
    { preHandler, schema: { body: contributionDeleteSchema } },
    async (request) => {
      const deleted = await request.withTenant((tdb) =>
        tdb
          .deleteFrom('development_entries')
          .where('id', '=', request.body.developmentId)
          .returning('id')
          .executeTakeFirst(),
      );
      if (!deleted) throw notFound('Development entry not found.');
      return { message: 'Contribution deleted.' };
    },
  );
}
