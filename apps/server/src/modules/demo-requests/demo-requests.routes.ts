import multipart from '@fastify/multipart';
import {
  createDemoRequestResponseSchema,
  demoRequestSchema,
  id,
  updateDemoRequestStatusSchema,
} from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import { platformActor } from '../../lib/platform-audit.js';
import type { ApiTypeProvider } from '../../lib/type-provider.js';
import { DEMO_FORM_LIMITS, readDemoRequestForm } from './demo-requests.form.js';
import {
  changeDemoRequestStatus,
  createDemoRequest,
  getDemoRequestLogo,
  getDemoRequests,
} from './demo-requests.service.js';

export interface DemoRequestRoutesOptions {
  db: Kysely<unknown>;
  /** Public submissions allowed per IP; defaults to 5 an hour (tests set a tiny window). */
  rateLimit?: { max: number; timeWindow: string | number };
}

export const DEFAULT_DEMO_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

const LOGO_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export async function demoRequestRoutes(app: FastifyInstance, options: DemoRequestRoutesOptions) {
  // Registered here, not globally, so only this public form accepts multipart bodies.
  await app.register(multipart, { limits: DEMO_FORM_LIMITS, throwFileSizeLimit: true });

  const r = app.withTypeProvider<ApiTypeProvider>();
  const { db } = options;
  const superAdmin = app.requireRole('SUPER_ADMIN');
  const idParams = z.object({ id });

  r.post(
    '/api/demo-requests',
    {
      schema: { response: { 201: createDemoRequestResponseSchema } },
      config: {
        rateLimit: {
          ...(options.rateLimit ?? DEFAULT_DEMO_RATE_LIMIT),
          errorResponseBuilder: (_request, context) =>
            new AppError(
              'RATE_LIMITED',
              `Too many demo requests from this address. Please try again in ${context.after}.`,
            ),
        },
      },
    },
    async (request, reply) => {
      if (request.site.kind !== 'platform') throw notFound();
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the demo request as multipart/form-data.');
      }
      const form = await readDemoRequestForm(request.parts());
      return reply.status(201).send(await createDemoRequest(db, form, platformActor(request)));
    },
  );

  r.get(
    '/api/admin/demo-request',
    { preHandler: superAdmin, schema: { response: { 200: z.array(demoRequestSchema) } } },
    async () => getDemoRequests(db),
  );

  r.get(
    '/api/admin/demo-request/:id/logo',
    { preHandler: superAdmin, schema: { params: idParams } },
    async (request, reply) => {
      const logo = await getDemoRequestLogo(db, request.params.id);
      const extension = LOGO_EXTENSIONS[logo.type] ?? 'img';
      return reply
        .type(logo.type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="company-logo-${request.params.id}.${extension}"`)
        .header('cache-control', 'private, max-age=300')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength));
    },
  );

  r.put(
    '/api/admin/demo-request/:id/status',
    {
      preHandler: superAdmin,
      schema: { params: idParams, body: updateDemoRequestStatusSchema, response: { 200: demoRequestSchema } },
    },
    async (request) => changeDemoRequestStatus(db, request.params.id, request.body.status, platformActor(request)),
  );
}
