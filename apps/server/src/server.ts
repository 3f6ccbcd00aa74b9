import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/engine.js';

// The database first: PGlite compiles its WebAssembly and boots PostgreSQL while the rest of the server (Fastify,
// the routes, their schemas) is loaded below, instead of after it. `npm start` runs the bundle of this file
// (build/build-if-changed.mjs), where each dynamic import is a chunk of its own, loaded only here.
const startedAt = performance.now();
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : resolve(config.DATA_DIR, 'pglite'),
  timeouts: { connectMs: config.DB_CONNECT_TIMEOUT_MS, statementMs: config.DB_STATEMENT_TIMEOUT_MS },
  prepareStatements: config.DB_PREPARED_STATEMENTS,
  clusters: config.CLUSTERS,
  replicas: config.REPLICAS,
});
const appModule = import('./app.js');
const { ensureSuperAdmin, resolveJwtSecret } = await import('./bootstrap.js');
const { prepareDatabase } = await import('./db/tenant-updates.js');

// The platform schema now; stale companies in the background, each answering 503 until its migration is done.
const tenantUpdates = await prepareDatabase(database.db, {
  onError: (tenant, error) => console.error(`Company ${tenant.tenantId} could not be migrated:`, error),
});
const jwtSecret = await resolveJwtSecret(database.db, config);
const createdAdmin = await ensureSuperAdmin(database.db, config);
const demo = await import('./seed/demo.js');
const seededDemo = createdAdmin && config.SEED_DEMO ? await demo.seedDemoTenant(database.db) : false;
const { DEMO_TENANT, DEMO_USERS } = demo;

const { buildApp } = await appModule;
const app = await buildApp({
  config,
  database,
  jwtSecret,
  tenantUpdates,
  checkResponses: config.CHECK_RESPONSES === 'true',
});
await app.listen({ port: config.PORT, host: config.HOST });

const port = config.PORT === 80 ? '' : `:${config.PORT}`;
const lines = [
  '',
  `Plotbook is running on ${database.kind === 'pglite' ? `the embedded database (${resolve(config.DATA_DIR)})` : 'PostgreSQL'}, ready in ${Math.round(performance.now() - startedAt)} ms.`,
  `  Platform (super admin):  http://${config.BASE_DOMAIN}${port}   → sign in at /admin/login`,
];
if (tenantUpdates.remaining > 0) {
  const count = tenantUpdates.remaining;
  lines.push(
    `  Updating ${count} ${count === 1 ? 'company' : 'companies'} in the background (each answers 503 until done).`,
  );
  tenantUpdates.done.then(() => app.log.info({ count, failed: tenantUpdates.remaining }, 'company updates finished'));
}
if (createdAdmin) {
  lines.push(
    createdAdmin.password
      ? `  Super admin: ${createdAdmin.email} / ${createdAdmin.password}   (generated; shown only this once)`
      : `  Super admin: ${createdAdmin.email} / the SUPER_ADMIN_PASSWORD you set`,
  );
}
if (seededDemo || !createdAdmin) {
  lines.push(`  Demo company:            http://${DEMO_TENANT.tenantId}.${config.BASE_DOMAIN}${port}`);
  if (seededDemo)
    for (const u of DEMO_USERS)
      lines.push(`    ${u.role === 'USER' ? 'user ' : 'admin'}: ${u.emailId} / ${u.password}`);
}
console.log(`${lines.join('\n')}\n`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
