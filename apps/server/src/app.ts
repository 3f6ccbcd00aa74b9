import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/engine.js';
import { type ReportReads, reportReadsOf } from './db/report-reads.js';
import type { TenantUpdates } from './db/tenant-updates.js';
import { BackgroundTasks } from './lib/background.js';
import { LoginThrottle } from './lib/login-throttle.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createSerializerCompiler } from './lib/serializer.js';
import { TokenService } from './lib/tokens.js';
import { activityRoutes } from './modules/activities/activities.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { boardRoutes } from './modules/board/board.routes.js';
import { buyerRoutes } from './modules/buyers/buyers.routes.js';
import { runAutoReminders, scheduleAutoReminders } from './modules/collections/auto-reminders.js';
import { collectionRoutes } from './modules/collections/collections.routes.js';
import { companyProfileRoutes } from './modules/company-profile/company-profile.routes.js';
import { companySettingsRoutes } from './modules/company-settings/company-settings.routes.js';
import { contributionRoutes } from './modules/contributions/contributions.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { type DemoRequestRoutesOptions, demoRequestRoutes } from './modules/demo-requests/demo-requests.routes.js';
import { developmentRoutes } from './modules/development/development.routes.js';
import { documentRoutes } from './modules/documents/documents.routes.js';
import { partnerPaymentRoutes } from './modules/partner-payments/partner-payments.routes.js';
import { partnerRoutes } from './modules/partners/partners.routes.js';
import { planRoutes } from './modules/plans/plans.routes.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { platformAuditRoutes } from './modules/platform-audit/platform-audit.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { projectRoutes } from './modules/projects/projects.routes.js';
import { purchaseRoutes } from './modules/purchases/purchases.routes.js';
import { receiptRoutes } from './modules/receipts/receipts.routes.js';
import { registrationRoutes } from './modules/registrations/registrations.routes.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { saleTaxRoutes } from './modules/sale-tax/sale-tax.routes.js';
import { saleTransferRoutes } from './modules/sales/sale-transfers.routes.js';
import { saleRoutes } from './modules/sales/sales.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { PublicPages } from './modules/site/public-pages.js';
import { siteInfo, siteRoutes } from './modules/site/site.routes.js';
import { tallyRoutes } from './modules/tally/tally.routes.js';
import { tenantAdminRoutes } from './modules/tenant-admin/tenant-admin.routes.js';
import { tenantRoutes } from './modules/tenants/tenants.routes.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { reportReadsPlugin } from './plugins/report-reads.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { TenantDirectory, tenantPlugin } from './plugins/tenant.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeInventory: readonly RouteOptions[];
    /** The time now: `new Date()`, or a test's controllable clock (holds' expiry, reminders' 24 hours). */
    now: () => Date;
    /** One run of the automatic reminders over every company now (the timer's; tests call it). */
    runAutoReminders: () => Promise<import('./modules/collections/auto-reminders.js').AutoReminderRun[]>;
  }
}

export interface AppDeps {
  /** Also check every answer's values with zod (tests; see lib/serializer.ts). */
  checkResponses?: boolean;
  config: Config;
  database: Database;
  jwtSecret: string;
  mailer?: Mailer;
  /** Tests pass one with their own limits and clock. */
  throttle?: LoginThrottle;
  logger?: FastifyServerOptions['logger'];
  /** Public demo requests allowed per IP (default 5 an hour); tests set a tiny limit. */
  demoRequestRateLimit?: DemoRequestRoutesOptions['rateLimit'];
  /** The companies being migrated in the background since the start (server.ts); they answer 503 meanwhile. */
  tenantUpdates?: Pick<TenantUpdates, 'isUpdating'>;
  /** The clock (`app.now`); tests pass a controllable one. */
  clock?: () => Date;
  /** Where report reads go with replicas (default: from REPLICAS and its settings); tests pass their own clock. */
  reportReads?: ReportReads;
  /** How often the automatic reminders run (default every 15 minutes; 0: never, tests run them by hand). */
  autoRemindersEveryMs?: number;
}

/**
 * apps/web/dist, found from the server package's folder (the nearest one above `from` with a package.json): this
 * module runs from src/ under tsx and from dist/chunks/ in the bundle `npm start` runs.
 */
export function defaultWebDist(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return resolve(dir, '../web/dist');
}

const DEFAULT_WEB_DIST = defaultWebDist(dirname(fileURLToPath(import.meta.url)));

/** Query values that are secrets or personal data (a verification token, an email) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|email|password|cursor)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** A hop count trusts that many proxies from our side (the rightmost X-Forwarded-For entries), no more. */
function trustedProxies(
  setting: false | number | string,
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * A route's JSON writer is compiled when the route first answers with that status, not when the server starts:
 * Fastify asks for every route's writers before it listens, and compiling them all was about a fifth of a start
 * (cpu-prof of `npm start`). The first answer pays a few milliseconds instead.
 */
function compiledOnFirstUse<Route>(compile: (route: Route) => (data: unknown) => string) {
  return (route: Route) => {
    let write: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      write ??= compile(route);
      return write(data);
    };
  };
}

/** Builds the whole API and web host on the given database. Used by server.ts and by every test. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.LOG_LEVEL),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy may X-Forwarded-For name the client; otherwise anyone could dodge the rate limits.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
  });
  // Every route, as registered: the route-inventory test checks each one is guarded.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('routeInventory', routes);
  app.decorate('now', deps.clock ?? (() => new Date()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    compiledOnFirstUse(createSerializerCompiler({ checkValues: deps.checkResponses ?? false })),
  );
  // Bodies are JSON only: any other type gets a 415 (the demo-request route adds multipart for itself alone).
  app.removeContentTypeParser('text/plain');

  const db = database.db;
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  const tokens = new TokenService(deps.jwtSecret);
  const throttle = deps.throttle ?? new LoginThrottle(db);
  const background = new BackgroundTasks(app.log);
  const directory = new TenantDirectory(db);

  await app.register(securityHeadersPlugin, {
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
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  // Mail links are built from this (siteOrigin), never from request headers.
  app.decorate('publicUrl', config.PUBLIC_URL);
  // Before any route, so the OpenAPI document sees them all.
  await app.register(openApiPlugin);
  const reads = deps.reportReads ?? reportReadsOf(config);
  await app.register(tenantPlugin, {
    db,
    baseDomain: config.BASE_DOMAIN,
    directory,
    updates: deps.tenantUpdates,
    reads,
  });
  if (reads) await app.register(reportReadsPlugin, { reads, secure: config.PUBLIC_URL.startsWith('https:') });
  await app.register(authPlugin, { db, tokens });

  await app.register(siteRoutes, { db, baseDomain: config.BASE_DOMAIN });
  await app.register(authRoutes, { db, directory, tokens, mailer, throttle, background });
  await app.register(tenantRoutes, { db, mailer, directory });
  await app.register(dashboardRoutes);
  await app.register(demoRequestRoutes, { db, rateLimit: deps.demoRequestRateLimit });
  await app.register(platformRoutes, {
    db,
    mailer,
    throttle,
    directory,
    baseDomain: config.BASE_DOMAIN,
    mailFrom: config.MAIL_FROM,
  });
  await app.register(platformAuditRoutes, { db });
  await app.register(tenantAdminRoutes, { mailer });
  await app.register(projectRoutes);
  await app.register(partnerRoutes);
  await app.register(purchaseRoutes);
  await app.register(developmentRoutes);
  await app.register(contributionRoutes);
  await app.register(activityRoutes);
  await app.register(saleRoutes);
  await app.register(saleTransferRoutes);
  await app.register(buyerRoutes);
  await app.register(receiptRoutes);
  await app.register(registrationRoutes);
  await app.register(companySettingsRoutes);
  await app.register(saleTaxRoutes);
  await app.register(partnerPaymentRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes, { db, throttle, tokens });
  await app.register(reportRoutes);
  await app.register(auditRoutes);
  await app.register(boardRoutes);
  await app.register(tallyRoutes);
  await app.register(planRoutes);
  await app.register(collectionRoutes, { mailer });
  const autoReminders = () =>
    runAutoReminders(db, mailer, app.now(), app.log, (tenantId) => deps.tenantUpdates?.isUpdating(tenantId) ?? false);
  app.decorate('runAutoReminders', autoReminders);
  const everyMs = deps.autoRemindersEveryMs ?? 15 * 60_000;
  const stopAutoReminders = everyMs > 0 ? scheduleAutoReminders({ everyMs, background, run: autoReminders }) : () => {};
  await app.register(companyProfileRoutes);
  await app.register(documentRoutes, { mailer });

  registerWebApp(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, config.BASE_DOMAIN);
  app.addHook('onClose', async () => {
    stopAutoReminders();
    await background.drain();
    await database.close();
  });
  return app;
}

/**
 * Serves the built web app. The public pages (landing, login, register, request a demo) go out as the build
 * prerendered them for this kind of host, with the host's site info written in; any other non-API GET falls back
 * to index.html so client routes load directly.
 */
function registerWebApp(app: FastifyInstance, root: string, baseDomain: string) {
  const hasWeb = existsSync(resolve(root, 'index.html'));
  const publicPages = new PublicPages(root, baseDomain);
  if (hasWeb) {
    app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Sends the .br/.gz files the build made beside each asset, per the client's Accept-Encoding; they are
      // not addresses of their own, nor are the prerendered pages' templates.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({ message: 'Not found.' });
    }
    if (!hasWeb) return reply.status(404).type('text/plain').send('The web app is not built. Run: npm run build');
    const page = await publicPages.body(siteInfo(request.site, baseDomain), path, request.headers['accept-encoding']);
    if (page) {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
