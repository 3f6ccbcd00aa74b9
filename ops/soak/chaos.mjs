// The soak's chaos, one action at a time while the clients run: kill -9 a random API server every 30–90 s and start
// it again a few seconds later (as a supervisor would) with the cluster script's own start, which starts only what
// is not running; restart PgBouncer (SIGTERM: an immediate shutdown that drops every server connection, then the
// cluster script starts it again); and, when companies live on several clusters, restart primary B
// (`pg_ctlcluster … restart -m fast`) and move one company to the other cluster (`npm run move-company`).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BOUNCERS, CLUSTERS, PG_VERSION, ROOT, readState, SERVERS } from '../cluster/layout.mjs';
import { end, isOurs } from '../cluster/processes.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = (lo, hi) => lo + Math.random() * (hi - lo);

/**
 * Runs a command to its end without blocking this process (the clients share its event loop: a synchronous child
 * would stall every client and show up as unavailability). Answers `{ ms, stdout }`; throws with its output.
 */
export async function runAsync(command, args, { env } = {}) {
  const started = performance.now();
  try {
    const { stdout } = await promisify(execFile)(command, args, { cwd: ROOT, encoding: 'utf8', env });
    return { ms: performance.now() - started, stdout };
  } catch (error) {
    throw new Error(
      `${command} ${args.join(' ')} failed: ${`${error.stdout ?? ''}${error.stderr ?? ''}`.slice(0, 500)}`,
    );
  }
}

/** `npm run cluster` (start): starts what is not running and waits for every piece to answer. */
async function clusterStart() {
  const { ms, stdout } = await runAsync(process.execPath, ['ops/cluster.mjs', 'start']);
  const restarted = stdout
    .split('\n')
    .filter((l) => / started \(pid/.test(l))
    .map((l) => l.trim());
  return { ms, restarted };
}

/**
 * The plan of the run: `[{ at (ms from the start), what, run() }]`, in time order. Kills every 30–90 s; PgBouncer at
 * 45 % of the run (and at 85 % for runs of 10 minutes or more); with several clusters a move at 30 % and primary B's
 * restart at 60 %.
 */
export function chaosPlan({ durationMs, multi, moveCompany }) {
  const plan = [];
  for (let at = between(30_000, 90_000); at < durationMs - 15_000; at += between(30_000, 90_000)) {
    plan.push({ at, what: 'kill -9 an API server', run: killServer });
  }
  const bouncers = multi ? BOUNCERS : BOUNCERS.filter((b) => b.cluster === 'a');
  const bouncerAt = [0.45, ...(durationMs >= 600_000 ? [0.85] : [])];
  for (const f of bouncerAt)
    plan.push({ at: f * durationMs, what: 'restart PgBouncer', run: () => restartBouncers(bouncers) });
  if (multi) {
    plan.push({ at: 0.6 * durationMs, what: 'restart primary B', run: restartPrimaryB });
    if (moveCompany) plan.push({ at: 0.3 * durationMs, what: 'move a company', run: moveCompany });
  }
  return plan.sort((a, b) => a.at - b.at);
}

async function killServer() {
  const state = readState();
  const alive = SERVERS.filter((s) => isOurs(state.processes[s.key]));
  if (alive.length === 0) return 'no API server was running';
  const victim = alive[Math.floor(Math.random() * alive.length)];
  const { pid } = state.processes[victim.key];
  process.kill(pid, 'SIGKILL');
  const down = between(3_000, 10_000);
  await sleep(down);
  const { ms, restarted } = await clusterStart();
  return `kill -9 ${victim.key} (pid ${pid}); down ${(down / 1000).toFixed(1)} s, then the cluster script started it in ${(ms / 1000).toFixed(1)} s (${restarted.join('; ') || 'nothing to start'})`;
}

async function restartBouncers(bouncers) {
  const state = readState();
  const said = [];
  for (const bouncer of bouncers) {
    const record = state.processes[bouncer.key];
    if (!isOurs(record)) continue;
    await end(record, { signal: 'SIGTERM', graceMs: 10_000 });
    said.push(`${bouncer.label} (pid ${record.pid})`);
  }
  const { ms, restarted } = await clusterStart();
  return `SIGTERM ${said.join(', ')}; started again by the cluster script in ${(ms / 1000).toFixed(1)} s (${restarted.join('; ')})`;
}

async function restartPrimaryB() {
  const b = CLUSTERS.find((c) => c.key === 'b');
  const { ms } = await runAsync('pg_ctlcluster', [PG_VERSION, b.name, 'restart', '-m', 'fast']);
  return `pg_ctlcluster ${PG_VERSION} ${b.name} restart -m fast in ${(ms / 1000).toFixed(1)} s`;
}

/** Runs the plan until it is done or `until`; answers the log of what happened, with times. */
export async function runChaos(plan, { startedAt, until, say }) {
  const log = [];
  for (const step of plan) {
    const wait = startedAt + step.at - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() >= until) break;
    const at = ((performance.now() - startedAt) / 1000).toFixed(0);
    try {
      const what = await step.run();
      log.push({ at, ok: true, text: what });
      say(`  [chaos +${at} s] ${what}`);
    } catch (error) {
      log.push({ at, ok: false, text: `${step.what} FAILED: ${error.message}` });
      say(`  [chaos +${at} s] ${step.what} FAILED: ${error.message}`);
    }
  }
  return log;
}
