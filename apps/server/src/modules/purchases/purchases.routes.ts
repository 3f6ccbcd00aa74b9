import { id, purchaseRowSchema, purchaseRowsSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { checkRowRefs, moneyColumns } from '../../lib/entry-rows.js';
import { idempotent } from '../../lib/idempotency.js';
import { assertProject } from '../projects/projects.service.js';
import { insertPurchases, listPurchases } from './purchases.repository.js';

const params = z.object({ id });

export async function purchaseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireRole('USER');

  /** Saves all rows in one transaction: a batch with one bad row stores nothing. */
  r.post('/api/purchase', { preHandler, schema: { body: purchaseRowsSchema } }, async (request, reply) => {
    const result = await request.withTenant((tdb) =>
      idempotent(request, tdb, async () => {
        await checkRowRefs(tdb, request.body);
        const saved = await insertPurchases(tdb, request.body, request.user().userId);
        const total = saved.reduce((sum, row) => sum + row.amount_paise, 0) / 100;
        return { status: 201, body: { message: 'Saved!', ids: saved.map((s) => s.id), total } };
      }),
    );
    return reply.status(result.status).send(result.body);
  });

  r.get(
    '/api/purchase/by-project/:projectId',
    { preHandler, schema: { params: z.object({ projectId: id }) } },
    (request) =>
      request.withTenant(async (tdb) => {
        await assertProject(tdb, request.params.projectId);
        return listPurchases(tdb, { projectId: request.params.projectId });
      }),
  );

  r.put('/api/purchase/:id', { preHandler, schema: { params, body: purchaseRowSchema } }, (request) =>
    request.withTenant(async (tdb) => {
      await checkRowRefs(tdb, [request.body]);
      const updated = await tdb
        .updateTable('purchase_entries')
        .set(moneyColumns(request.body))
        .where('id', '=', request.params.id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw notFound('Purchase entry not found.');
      const [row] = await listPurchases(tdb, { id: updated.id });
      return row;
    }),
  );

  r.delete('/api/purchase/:id', { preHandler, schema: { params } }, async (request) => {
    const deleted = await request.withTenant((tdb) =>
      tdb.deleteFrom('purchase_entries').where('id', '=', request.params.id).returning('id').executeTakeFirst(),
    );
    if (!deleted) throw notFound('Purchase entry not found.');
    return { message: 'Purchase entry deleted.' };
  });
}
