import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeGuard } from './auth.js';

/** The OpenAPI document and its docs page; both public, served from this app (no CDN). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The security scheme every guarded route names. */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * Publishes the routes' zod schemas as an OpenAPI 3 document. Registered before the modules, so its `onRoute`
 * hook sees every route; a route with a role guard (see `routeGuard`) is marked as needing the bearer token.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Plotbook API',
          version: '1',
          description:
            'The API behind the Plotbook web app. The host names the company (`<company>.<domain>`); the bare ' +
            'domain is the platform. Sign in with `POST /api/login` (or `/api/master/login` on the platform) and ' +
            'send the `accessToken` as `Authorization: Bearer <token>`. Errors are `{message, fields?}`.',
        },
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The `accessToken` from a sign-in; it is valid only on the host it was issued for.',
            },
          },
        },
      },
      transform: (document) => {
        const { schema, url } = jsonSchemaTransform(document);
        const roles = routeGuard(document.route);
        // Grouped by the path's first segment after /api (project, partner, admin, ...).
        const grouped = { tags: [url.split('/')[2] ?? 'api'], ...schema };
        if (!roles) return { url, schema: grouped };
        return {
          url,
          schema: {
            description: `Needs a token of one of these roles: ${roles.join(', ')}.`,
            ...grouped,
            security: [{ [BEARER_SCHEME]: [] }],
          },
        };
      },
      transformObject: jsonSchemaTransformObject,
    });

    // Swagger UI's own files come from the package, under DOCS_PATH; its page and scripts need nothing beyond
    // the app's CSP (scripts and styles from 'self', no validator badge from outside).
    await app.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { layout: 'BaseLayout', deepLinking: true },
      validatorUrl: false,
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['errors'] },
);
