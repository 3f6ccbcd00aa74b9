import { boardSchema, holdPayloadSchema, holdSchema, holdsEndingSoonSchema, id, messageSchema } from '@plotbook/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answerOnce } from '../../lib/idempotency.js';
import { jsonRowsOr } from '../../lib/serializer.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { BoardCache, boardHead, boardTag, tagMatches } from './board.service.js';
import { type Actor, createHold, holdsEndingSoon, releaseHold } from './holds.service.js';

/** Who acts and when: the clock is the app's (`app.now`), so tests can move it. */
export const actorOf = (app: FastifyInstance, request: FastifyRequest): Actor => {
  const user = request.user();
  return { userId: user.userId, isAdmin: user.role === 'TENANT_ADMIN', now: app.now() };
};

/**
 * The plot board (issue 21): GET /api/board/{projectId}, every plot's state in one answer, kept live by polling with
 * its ETag (a matching If-None-Match is answered 304 from the one small head query; README "The plot board stays
 * live"); holds of a plot and the company's holds ending soon.
 */
export async function boardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');
  const plotParams = z.object({ plotId: id });
  const boards = new BoardCache();

  r.get(
    '/api/board/:projectId',
    {
      preHandler,
      schema: { params: z.object({ projectId: id }), response: { 200: jsonRowsOr(boardSchema), 304: z.null() } },
    },
    async (request, reply) => {
      const now = app.now();
      const answer = await request.withTenant(async (tdb) => {
        const head = await boardHead(tdb, request.params.projectId, now);
        const tag = boardTag(head, now);
        if (tagMatches(request.headers['if-none-match'], tag)) return { tag, board: null };
        const tenantId = request.user().tenantId ?? '';
        return { tag, board: await boards.answer(tdb, tenantId, head, now) };
      });
      reply.header('etag', answer.tag).header('cache-control', 'private, no-cache');
      // Not modified: no body at all (the schema's null is only what the OpenAPI document shows).
      if (answer.board === null) return (reply as FastifyReply).code(304).send();
      return answer.board;
    },
  );

  r.post(
    '/api/plot/:plotId/hold',
    { preHandler, schema: { params: plotParams, body: holdPayloadSchema, response: { 201: holdSchema } } },
    (request, reply) =>
      answerOnce(request, reply, 201, (tdb) =>
        createHold(tdb, request.params.plotId, request.body, actorOf(app, request)),
      ),
  );

  r.delete(
    '/api/plot/:plotId/hold',
    { preHandler, schema: { params: plotParams, response: { 200: messageSchema } } },
    (request) => request.withTenant((tdb) => releaseHold(tdb, request.params.plotId, actorOf(app, request))),
  );

  r.get('/api/holds/ending-soon', { preHandler, schema: { response: { 200: holdsEndingSoonSchema } } }, (request) =>
    request.withTenant((tdb) => holdsEndingSoon(tdb, app.now())),
  );
}
