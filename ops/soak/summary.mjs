// The soak's printed report: requests and their outcomes (5xx by who sent them, resets, timeouts), latency, the
// longest time each company went without a successful answer, the chaos that ran, and the reckoning.
import { loadavg } from 'node:os';
import { loopDelay, percentile, stats } from './http.mjs';

const pad = (text, n) => String(text).padEnd(n);
const num = (n) => n.toLocaleString('en-US');
const ms = (n) => `${Math.round(n)} ms`;

function outcomeLines() {
  const groups = { ok: [], refused: [], failed: [] };
  for (const [outcome, count] of [...stats.outcomes].sort()) {
    if (/^[23]\d\d$/.test(outcome)) groups.ok.push([outcome, count]);
    else if (outcome.startsWith('4xx')) groups.refused.push([outcome, count]);
    else groups.failed.push([outcome, count]);
  }
  const sum = (list) => list.reduce((s, [, c]) => s + c, 0);
  const text = (list) => list.map(([o, c]) => `${o}: ${num(c)}`).join(', ') || 'none';
  return [
    `  answered 2xx/304:  ${num(sum(groups.ok))} (${text(groups.ok)})`,
    `  answered 4xx:      ${num(sum(groups.refused))} (${text(groups.refused)})`,
    `  failed:            ${num(sum(groups.failed))} (${text(groups.failed)})`,
    '                     nginx 502/504: nginx found no server; server 503: the server answered it could not;',
    '                     reset: the connection closed before an answer; timeout: no answer in 20 s',
  ];
}

function latencyLines() {
  const all = [...stats.latencies.values()].flat();
  const lines = [
    `  p95 ${ms(percentile(all, 95))}, p50 ${ms(percentile(all, 50))}, max ${ms(percentile(all, 100))} (all answered requests)`,
  ];
  for (const [kind, values] of [...stats.latencies].sort()) {
    lines.push(
      `    ${pad(kind, 16)} ${pad(num(values.length), 7)} p50 ${pad(ms(percentile(values, 50)), 8)} p95 ${ms(percentile(values, 95))}`,
    );
  }
  return lines;
}

function availabilityLines(endMs) {
  const rows = [...stats.companies].map(([host, c]) => {
    const tail = endMs - c.last;
    return tail > c.maxGap ? { host, gap: tail, at: c.last } : { host, gap: c.maxGap, at: c.maxGapAt };
  });
  rows.sort((a, b) => b.gap - a.gap);
  const worst = rows[0];
  const median = rows[Math.floor(rows.length / 2)];
  const lines = [
    `  longest gap between two successful answers: worst ${(worst.gap / 1000).toFixed(2)} s (${worst.host.split('.')[0]}, from +${(worst.at / 1000).toFixed(0)} s), median company ${(median.gap / 1000).toFixed(2)} s`,
  ];
  const perCompany = rows
    .sort((a, b) => a.host.localeCompare(b.host))
    .map((r) => `${r.host.split('.')[0].split('-').pop()} ${(r.gap / 1000).toFixed(1)}s`);
  for (let i = 0; i < perCompany.length; i += 10) lines.push(`    ${perCompany.slice(i, i + 10).join('  ')}`);
  return lines;
}

/** The move of a company under load: its own unavailability, the others' p95 meanwhile, its tables before/after. */
function moveLines(moved) {
  if (!moved?.window) return [];
  const w = moved.window;
  const failed = [...w.outcomes].filter(([o]) => !/^[23]\d\d$|^4xx/.test(o));
  const answers =
    [...w.outcomes]
      .sort()
      .map(([o, c]) => `${o}: ${num(c)}`)
      .join(', ') || 'none';
  const lines = [
    `Company move (${moved.command ?? 'npm run move-company'}${moved.from ? `, ${moved.from} → ${moved.to}` : ''}):`,
    `  window ${(w.ms / 1000).toFixed(1)} s (the script's run); the script held the company 503 for ${Number.isNaN(moved.unavailableMs) || moved.unavailableMs === undefined ? '?' : ms(moved.unavailableMs)}`,
    `  the moved company as its clients saw it: longest gap between successes ${(w.maxGap / 1000).toFixed(2)} s; answers ${answers}` +
      `${failed.length ? '' : ' (no failure)'}`,
    `  the other companies meanwhile: ${num(w.others.length)} answered requests, p95 ${ms(percentile(w.others, 95))}, p50 ${ms(percentile(w.others, 50))} (whole run, all companies: p95 ${ms(percentile([...stats.latencies.values()].flat(), 95))})`,
  ];
  if (moved.tables?.length) {
    lines.push('  rows before → after (Σ money before → after), checked equal by the script before the flip:');
    for (const t of moved.tables) lines.push(`  ${t}`);
  }
  return lines;
}

/** The reckoning's lines, and whether it is green (nothing lost, duplicated, half-written or unreconciled). */
export function reckoningReport(reckoning, writes) {
  const c = reckoning.counts;
  const out = [];
  out.push('Reconciliation (against each company schema on its primary):');
  out.push(
    `  acknowledged ${num(c.acknowledged)}, lost ${num(c.lost)}, duplicated ${num(c.duplicated)}, half-written ${num(c.half)}, refused but stored ${num(c.refusedPresent)}`,
    `  unknown writes: stored whole ${num(c.unknownPresent)}, not stored ${num(c.unknownAbsent)}`,
    `  retries answered from the stored reply (the first send had committed; the key kept it from being written twice): ${num(c.replayed)}`,
    `  rows: ${num(reckoning.rows.sales)} sales, ${num(reckoning.rows.receipts)} receipts; reports checked ${num(reckoning.reportsChecked)} (totals = Σ rows = stored money), Payment Receipts lines ${num(reckoning.reportLines)}`,
    reckoning.reads &&
      `  reads: ${num(reckoning.reads.ok)} ok, ${num(reckoning.reads.failed)} failed; .xlsx exports opened as zip: ${num(reckoning.reads.exportsChecked)}`,
  );
  const problems = reckoning.problems;
  if (writes.unknownFinal > 0)
    problems.push(`${writes.unknownFinal} write(s) still without an answer after the chaos ended`);
  const green = c.lost === 0 && c.duplicated === 0 && c.half === 0 && c.refusedPresent === 0 && problems.length === 0;
  if (problems.length > 0) {
    out.push(`Problems (${problems.length}):`);
    for (const p of problems.slice(0, 40)) out.push(`  ${p}`);
    if (problems.length > 40) out.push(`  … and ${problems.length - 40} more`);
  }
  out.push(green ? 'RESULT: green: nothing lost, nothing duplicated, every total reconciled.' : 'RESULT: RED');
  return { lines: out.filter(Boolean), green };
}

/** Prints the whole report; answers whether the run is green (nothing lost, duplicated or unreconciled). */
export function printSummary({ minutes, clients, companies, arrangement, chaosLog, moved, writes, reckoning, endMs }) {
  const out = [];
  out.push('', `Soak report: ${minutes} min, ${clients} clients, ${companies} companies (${arrangement})`);
  out.push(
    `Machine: load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) at the end`,
  );
  out.push(
    `Requests: ${num(stats.requests)} (${(stats.requests / (endMs / 1000)).toFixed(0)} req/s)`,
    ...outcomeLines(),
  );
  out.push('Latency:', ...latencyLines());
  out.push('Availability per company:', ...availabilityLines(endMs));
  out.push(
    `  (the soak's own event loop was late by at most ${Math.round(loopDelay.max / 1e6)} ms, p99 ${Math.round(loopDelay.percentile(99) / 1e6)} ms: its clients share one process)`,
  );
  out.push(`Chaos (${chaosLog.length} actions):`);
  for (const step of chaosLog) out.push(`  +${step.at} s ${step.ok ? '' : '!! '}${step.text}`);
  out.push(...moveLines(moved));
  out.push('Writes (each with an Idempotency-Key):');
  out.push(
    `  sent ${num(writes.total)}: sales ${num(writes.sale)}, receipts ${num(writes.receipt)}, cheque clears/bounces ${num(writes.status)}`,
    `  unknown at first (no answer or 5xx) ${num(writes.unknownFirst)}, of which settled by a retry with the same key ${num(writes.settledByRetry)};` +
      ` still unknown after the chaos ${num(writes.unknownAtEnd)}, after the final retry ${num(writes.unknownFinal)}`,
    `  answered 409 "Someone else saved at the same time. Please try again." (a deadlock, rolled back) and sent again: ${num(writes.conflicts)}`,
    `  refused (4xx) ${num(writes.refused)}${writes.refusedWhy ? `: ${writes.refusedWhy}` : ''}`,
  );
  const { lines, green } = reckoningReport(reckoning, writes);
  out.push(...lines);
  console.log(out.join('\n'));
  return green;
}
