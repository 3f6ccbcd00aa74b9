import {
  id,
  messageResponseSchema,
  PLAN_MAX_BYTES,
  PLAN_MIME_TYPES,
  PLAN_TOO_LARGE,
  PLAN_WRONG_TYPE,
  planInfoSchema,
  planUploadQuerySchema,
  projectPlanSchema,
} from '@plotbook/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { getPlanFile, getPlanInfo, removePlan, savePlan } from './plans.service.js';

const params = z.object({ projectId: id });

/**
 * A project's layout plan (issue 21). The upload is the raw file as the body (`Content-Type` image/svg+xml,
 * image/png, image/jpeg or image/webp, ≤ 5 MB): this plugin alone (Fastify scopes parsers to it) trades the app's
 * JSON parser and 1 MB limit for a raw one of 5 MB; the bytes decide what the file is (plan-file.ts).
 */
export async function planRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...PLAN_MIME_TYPES], { parseAs: 'buffer', bodyLimit: PLAN_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  // The parser's refusals in words about the plan (the app's handler then answers them).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', PLAN_TOO_LARGE);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PLAN_WRONG_TYPE);
    }
    throw error;
  });

  const r = app.withTypeProvider<ApiTypeProvider>();
  const preHandler = app.requireRole('USER');

  r.put(
    '/api/project/:projectId/plan',
    {
      preHandler,
      bodyLimit: PLAN_MAX_BYTES,
      schema: { params, querystring: planUploadQuerySchema, response: { 200: planInfoSchema } },
    },
    (request) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PLAN_WRONG_TYPE);
      const upload = {
        contentType: request.headers['content-type'],
        bytes,
        fileName: request.query.fileName || null,
      };
      return request.withTenant((tdb) => savePlan(tdb, request.params.projectId, upload, request.user().userId));
    },
  );

  r.get(
    '/api/project/:projectId/plan/info',
    { preHandler, schema: { params, response: { 200: projectPlanSchema } } },
    async (request) => ({ plan: await request.withTenant((tdb) => getPlanInfo(tdb, request.params.projectId)) }),
  );

  /** The plan's bytes, as stored (an SVG cleaned), never to be run: nosniff, a sandboxing CSP, an ETag. */
  r.get('/api/project/:projectId/plan', { preHandler, schema: { params } }, async (request, reply) => {
    const plan = await request.withTenant((tdb) => getPlanFile(tdb, request.params.projectId));
    const etag = `"plan-${request.params.projectId}-${plan.uploadedAt.getTime()}-${plan.content.length}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('content-disposition', 'inline');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(plan.mime).send(plan.content);
  });

  r.delete(
    '/api/project/:projectId/plan',
    { preHandler, schema: { params, response: { 200: messageResponseSchema } } },
    async (request) => {
      await request.withTenant((tdb) => removePlan(tdb, request.params.projectId));
      return { message: 'Layout plan removed.' };
    },
  );
}
