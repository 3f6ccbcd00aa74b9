/**
 * `npm run move-company -- <tenantId> <cluster>`: moves one company's schema to another cluster (db/company-move.ts),
 * with the same DATABASE_URL and CLUSTERS as the servers (which must already name the target cluster). Prints the
 * rows and Σ money of every table before and after, and how long the company answered 503.
 */
import { loadConfig } from './config.js';
import { MAIN_CLUSTER } from './db/clusters.js';
import { moveCompany, type TableFigures } from './db/company-move.js';
import { openDatabase } from './db/engine.js';

const [tenantId, target] = process.argv.slice(2);
if (!tenantId || !target) {
  console.error('Usage: npm run move-company -- <tenantId> <cluster>');
  process.exit(2);
}
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('move-company needs DATABASE_URL (and CLUSTERS): the embedded database has a single cluster.');
  process.exit(2);
}
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: 2,
  timeouts: { connectMs: config.DB_CONNECT_TIMEOUT_MS, statementMs: Math.max(config.DB_STATEMENT_TIMEOUT_MS, 60_000) },
  clusters: config.CLUSTERS,
});
const urls = new Map([
  [MAIN_CLUSTER, config.DATABASE_URL],
  ...(config.CLUSTERS ?? []).map((c) => [c.name, c.url] as const),
]);
const money = (t: TableFigures) =>
  Object.entries(t.paise)
    .map(([column, sum]) => ` Σ${column}=${sum}`)
    .join('');

try {
  const report = await moveCompany(database.db, tenantId, target, { urls, log: (line) => console.log(line) });
  console.log(`\n${report.tenantId}: ${report.from} → ${report.to}, unavailable ${report.unavailableMs} ms`);
  console.log('table: rows before → after (Σ money before → after)');
  report.before.forEach((before, i) => {
    const after = report.after[i] as TableFigures;
    console.log(
      `  ${before.table}: ${before.rows} → ${after.rows}${money(before) && ` (${money(before)} →${money(after)})`}`,
    );
  });
} catch (error) {
  console.error(`The move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
