import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/engine.js';
import { LoginThrottle, type LoginThrottle as Throttle } from './lib/login-throttle.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { TokenService } from './lib/tokens.js';
import { activityRoutes } from './modules/activities/activities.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contributionRoutes } from './modules/contributions/contributions.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { type DemoRequestRoutesOptions, demoRequestRoutes } from './modules/demo-requests/demo-requests.routes.js';
import { developmentRoutes } from './modules/development/development.routes.js';
import { partnerRoutes } from './modules/partners/partners.routes.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { projectRoutes } from './modules/projects/projects.routes.js';
import { purchaseRoutes } from './modules/purchases/purchases.routes.js';
import { tenantAdminRoutes } from './modules/tenant-admin/tenant-admin.routes.js';
import { tenantRoutes } from './modules/tenants/tenants.routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { TenantDirectory, tenantPlugin } from './plugins/tenant.js';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  mailer?: Mailer;
  throttle?: Throttle;
  logger?: FastifyServerOptions['logger'];
  /** Public demo requests allowed per IP (default 5 an hour); tests set a tiny limit. */
  demoRequestRateLimit?: DemoRequestRoutesOptions['rateLimit'];
}

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

/** Builds the whole API and web host on the given database. Used by server.ts and by every test. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // Only behind a proxy may X-Forwarded-For name the client; otherwise anyone could dodge the rate limits.
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database.db;
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  const tokens = new TokenService(deps.jwtSecret);
  const throttle = deps.throttle ?? new LoginThrottle();
  const directory = new TenantDirectory(db);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(errorsPlugin);
  await app.register(tenantPlugin, { db, baseDomain: config.BASE_DOMAIN, directory });
  await app.register(authPlugin, { db, tokens });

  await app.register(authRoutes, { db, directory, tokens, mailer, throttle, baseDomain: config.BASE_DOMAIN });
  await app.register(tenantRoutes, { db, mailer, directory });
  await app.register(dashboardRoutes);
  await app.register(demoRequestRoutes, { db, rateLimit: deps.demoRequestRateLimit });
  await app.register(platformRoutes, { db, mailer, baseDomain: config.BASE_DOMAIN, mailFrom: config.MAIL_FROM });
  await app.register(tenantAdminRoutes, { mailer });
  await app.register(projectRoutes);
  await app.register(partnerRoutes);
  await app.register(purchaseRoutes);
  await app.register(developmentRoutes);
  await app.register(contributionRoutes);
  await app.register(activityRoutes);

  registerWebApp(app, config.WEB_DIST ?? DEFAULT_WEB_DIST);
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}

/** Serves the built web app; any non-API GET falls back to index.html so client routes load directly. */
function registerWebApp(app: FastifyInstance, root: string) {
  const hasWeb = existsSync(resolve(root, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ message: 'Not found.' });
    }
    if (!hasWeb) return reply.status(404).type('text/plain').send('The web app is not built. Run: npm run build');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
