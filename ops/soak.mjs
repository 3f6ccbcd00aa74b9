// `npm run soak -- --minutes N` (part 4 of issue 23): the chaos soak of the local cluster (`npm run cluster`, which
// it starts when pieces are not running). It creates 20 companies through the platform API, each with a project of
// plots, two partners and two signed-in users; 40 clients then drive a realistic mix through nginx for N minutes
// (sales, receipts with Idempotency-Keys, cheques saved Pending then cleared or bounced, reports, .xlsx exports, board
// reads) while API servers are killed with -9 and started again, PgBouncer is restarted and, when companies live on
// several clusters, primary B is restarted and a company moved. Then it reckons, per company, against the database:
// every acknowledged write present exactly once and whole, nothing half-written, every report total equal to its
// rows; prints the counts; and exits 1 when anything is lost, duplicated or unreconciled. See docs/cluster.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BALANCER, BOUNCERS, DIR, moveEnv, ROOT, readState, SERVERS, secrets } from './cluster/layout.mjs';
import { isOurs } from './cluster/processes.mjs';
import { chaosPlan, runAsync, runChaos } from './soak/chaos.mjs';
import { SoakClient } from './soak/client.mjs';
import { closeWindow, openWindow, percentile, startCounting } from './soak/http.mjs';
import { connect, placements, reckonAll } from './soak/reconcile.mjs';
import { makeCompanies } from './soak/setup.mjs';
import { printSummary, reckoningReport } from './soak/summary.mjs';

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    clients: { type: 'string', default: '40' },
    companies: { type: 'string', default: '20' },
    plots: { type: 'string', default: '600' },
    /** auto: restart B and move a company only when the servers place companies on several clusters. */
    clusters: { type: 'string', default: 'auto' },
    'no-chaos': { type: 'boolean', default: false },
    /** A saved ledger (`soak-<run>.json` in the cluster's directory): only reckon it again. */
    reconcile: { type: 'string' },
  },
});
const minutes = Number(opts.minutes);
const clientCount = Number(opts.clients);
const companyCount = Number(opts.companies);
if (
  !(minutes > 0) ||
  !(clientCount >= companyCount) ||
  !(companyCount >= 1) ||
  !['auto', 'on', 'off'].includes(opts.clusters)
) {
  console.error(
    'Usage: npm run soak -- --minutes N [--clients 40] [--companies 20] [--plots 600] [--clusters auto|on|off] [--no-chaos]',
  );
  process.exit(2);
}
const say = (line) => console.log(line);
const base = `http://localhost:${BALANCER.port}`;

function ensureCluster() {
  const state = readState();
  const keys = [...SERVERS, ...BOUNCERS, BALANCER].map((p) => p.key);
  if (keys.every((k) => isOurs(state.processes[k]))) return;
  say('Starting the missing pieces of the cluster (npm run cluster)…');
  const result = spawnSync(process.execPath, ['ops/cluster.mjs', 'start'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run cluster failed');
}

/** Do the running servers place companies on several clusters? Each condition, and the verdict. */
async function arrangement(db) {
  const pid = readState().processes[SERVERS[0].key]?.pid;
  let env = '';
  try {
    env = readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {}
  const serversHaveClusters = env.split('\0').some((v) => v.startsWith('CLUSTERS='));
  const column = await db.query(
    "select 1 from information_schema.columns where table_schema = 'platform' and table_name = 'tenants' and column_name = 'cluster'",
  );
  const placed = column.rowCount > 0;
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
  const mover = Boolean(scripts['move-company']);
  const multi = opts.clusters === 'on' || (opts.clusters === 'auto' && serversHaveClusters && placed);
  const facts = `servers have CLUSTERS: ${serversHaveClusters ? 'yes' : 'no'}, platform.tenants.cluster: ${placed ? 'yes' : 'no'}, npm run move-company: ${mover ? 'yes' : 'no'}`;
  return { multi, mover: multi && mover, facts };
}

/**
 * Moves the first company to the other cluster with the move script (part 2 of issue 23) while the clients run,
 * watching that company and the others apart meanwhile; `moved` receives what was seen (the summary prints it).
 * The script is given the servers' cluster names with URLs straight to PostgreSQL (layout.mjs moveEnv).
 */
function mover(db, companies, s, moved) {
  return async () => {
    const company = companies[0];
    const where = (await placements(db, [company.tenantId]))[company.tenantId];
    const target = where.cluster === 'main' ? 'b' : 'main';
    const command = `npm run move-company -- ${company.tenantId} ${target}`;
    openWindow(company.host);
    let run;
    try {
      run = await runAsync('npm', ['run', '--silent', 'move-company', '--', company.tenantId, target], {
        env: { ...process.env, ...moveEnv(s) },
      });
    } finally {
      moved.window = closeWindow();
    }
    const lines = run.stdout.split('\n');
    const header = lines.findIndex((l) => l.startsWith('table: rows before'));
    Object.assign(moved, {
      command,
      from: where.cluster,
      to: target,
      scriptMs: run.ms,
      unavailableMs: Number(/unavailable (\d+) ms/.exec(run.stdout)?.[1] ?? Number.NaN),
      tables: header < 0 ? [] : lines.slice(header + 1).filter((l) => l.startsWith('  ')),
      othersP95: percentile(moved.window.others, 95),
    });
    return `${command} (from ${where.cluster}) in ${(run.ms / 1000).toFixed(1)} s; the script held it 503 for ${moved.unavailableMs} ms`;
  };
}

function tallyWrites(ledger) {
  const count = (f) => ledger.filter(f).length;
  const refused = ledger.filter((e) => e.state === 'refused');
  const why = new Map();
  for (const e of refused)
    why.set(
      `${e.kind} ${e.status} ${e.answer?.message ?? ''}`.trim(),
      (why.get(`${e.kind} ${e.status} ${e.answer?.message ?? ''}`.trim()) ?? 0) + 1,
    );
  return {
    total: ledger.length,
    sale: count((e) => e.op === 'sale'),
    receipt: count((e) => e.op === 'receipt'),
    status: count((e) => e.op === 'status'),
    unknownFirst: count((e) => e.wasUnknown),
    settledByRetry: count((e) => e.settledByRetry && e.state !== 'unknown'),
    unknownAtEnd: count((e) => e.unknownAtEnd),
    unknownFinal: count((e) => e.state === 'unknown'),
    refused: refused.length,
    conflicts: ledger.reduce((n, e) => n + (e.conflicts ?? 0), 0),
    refusedWhy: [...why].map(([k, n]) => `${n}× ${k}`).join('; '),
  };
}

async function main() {
  ensureCluster();
  const s = secrets();
  const dbA = await connect('a', s.dbPassword);
  const { multi, mover: canMove, facts } = await arrangement(dbA);
  const forced = opts.clusters === 'auto' ? '' : `, --clusters ${opts.clusters}`;
  say(`Arrangement: ${multi ? 'companies on several clusters' : 'every company on cluster A'} (${facts}${forced})`);

  const prefix = `soak${Date.now().toString(36).slice(-5)}`;
  say(`Set-up: ${companyCount} companies ${prefix}-01…, through ${base}`);
  const t0 = performance.now();
  const companies = await makeCompanies(base, {
    prefix,
    count: companyCount,
    plots: Number(opts.plots),
    adminEmail: process.env.SUPER_ADMIN_EMAIL ?? 'admin@localhost',
    adminPassword: s.adminPassword,
    say: (line) => say(`  ${line}`),
  });
  say(`Set-up done in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

  const clients = Array.from(
    { length: clientCount },
    (_, i) =>
      new SoakClient({ base, company: companies[i % companyCount], index: i, user: Math.floor(i / companyCount) % 2 }),
  );
  startCounting(companies.map((c) => c.host));
  const startedAt = performance.now();
  const durationMs = minutes * 60_000;
  const moved = {};
  const until = startedAt + durationMs;
  const plan = opts['no-chaos']
    ? []
    : chaosPlan({ durationMs, multi, moveCompany: canMove ? mover(dbA, companies, s, moved) : null });
  say(
    `Soak: ${clientCount} clients for ${minutes} min; chaos planned: ${plan.map((p) => `${p.what} at +${Math.round(p.at / 1000)} s`).join(', ') || 'none'}`,
  );
  const progress = setInterval(() => {
    const elapsed = (performance.now() - startedAt) / 1000;
    const writes = clients.reduce((n, c) => n + c.ledger.length, 0);
    say(`  +${elapsed.toFixed(0)} s: ${writes} writes so far`);
  }, 30_000);
  const [chaosLog] = await Promise.all([
    runChaos(plan, { startedAt, until, say }),
    ...clients.map((c) => c.run(until)),
  ]);
  clearInterval(progress);
  const endMs = performance.now() - startedAt;

  say('Chaos over: making sure every piece runs, then sending the still unknown writes again (same keys)…');
  ensureCluster();
  await Promise.all(clients.map((c) => c.settleUnknown()));
  for (const c of clients) c.close();

  const ledgers = Object.fromEntries(
    companies.map((co) => [co.tenantId, clients.filter((c) => c.company === co).flatMap((c) => c.ledger)]),
  );
  const saved = join(DIR, `soak-${prefix}.json`);
  writeFileSync(saved, JSON.stringify({ companies, ledgers }), { mode: 0o600 });
  say(
    `Reconciling against the database… (the ledger is in ${saved}: \`npm run soak -- --reconcile <file>\` reckons again)`,
  );
  const reckoning = await reckonAll({ base, companies, ledgers, dbA, dbPassword: s.dbPassword });
  reckoning.reads = clients.reduce(
    (r, c) => ({
      ok: r.ok + c.reads.ok,
      failed: r.failed + c.reads.failed,
      exportsChecked: r.exportsChecked + c.reads.exportsChecked,
    }),
    { ok: 0, failed: 0, exportsChecked: 0 },
  );

  const green = printSummary({
    minutes,
    clients: clientCount,
    companies: companyCount,
    arrangement: multi
      ? `several clusters${canMove ? '' : ', no move script'}`
      : 'all on cluster A; restart of B and the move off',
    chaosLog,
    moved,
    writes: tallyWrites(clients.flatMap((c) => c.ledger)),
    reckoning,
    endMs,
  });
  say(`The cluster keeps running (npm run cluster -- stop ends it); the companies ${prefix}-* stay in it.`);
  process.exit(green ? 0 : 1);
}

if (!existsSync('/proc/self/environ') || process.getuid() !== 0) {
  console.error('Run the soak as root on Linux: it starts and kills the cluster’s processes (see docs/cluster.md).');
  process.exit(2);
}
/** `--reconcile <file>`: reckons a finished run again from its saved ledger (e.g. after changing the database). */
async function reconcileOnly(file) {
  const { companies, ledgers } = JSON.parse(readFileSync(file, 'utf8'));
  const s = secrets();
  const dbA = await connect('a', s.dbPassword);
  const reckoning = await reckonAll({ base, companies, ledgers, dbA, dbPassword: s.dbPassword });
  const { lines, green } = reckoningReport(reckoning, tallyWrites(Object.values(ledgers).flat()));
  console.log([`Reckoning of ${file}:`, ...lines].join('\n'));
  process.exit(green ? 0 : 1);
}

(opts.reconcile ? reconcileOnly(opts.reconcile) : main()).catch((error) => {
  console.error(`\nThe soak stopped: ${error.stack ?? error.message}`);
  process.exit(1);
});
