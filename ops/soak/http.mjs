// The soak's HTTP: every request through nginx with a company's Host, its answer classified (ok, a refusal, a 5xx
// by who sent it, a reset or a timeout) and counted in `stats`, with its latency and, for the company, the time of
// its last success (the longest gap between two is the company's worst unavailability).
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** This process's own stalls (its event loop late), so a gap the soak itself caused is not taken for the cluster's. */
export const loopDelay = monitorEventLoopDelay({ resolution: 20 });

export const stats = {
  requests: 0,
  /** outcome → count: `200`, `4xx 409`, `nginx 502`, `server 503`, `reset`, `timeout`, … */
  outcomes: new Map(),
  /** kind (`GET board`, `POST sale`, …) → latencies in ms of its answered requests. */
  latencies: new Map(),
  /** company → { last, maxGap, maxGapAt } (ms since `startedAt`). */
  companies: new Map(),
  startedAt: performance.now(),
  /** While a company is moved (openWindow): its answers and longest gap, and the other companies' latencies. */
  window: null,
};

const bump = (map, key, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Resets the counters (the set-up's requests are not the soak's). */
export function startCounting(companies) {
  stats.requests = 0;
  stats.outcomes.clear();
  stats.latencies.clear();
  stats.companies.clear();
  stats.startedAt = performance.now();
  loopDelay.reset();
  loopDelay.enable();
  for (const c of companies) stats.companies.set(c, { last: 0, maxGap: 0, maxGapAt: 0 });
}

/** Watches one company (`host`) apart from the others until closeWindow, which answers what was seen. */
export function openWindow(host) {
  const now = performance.now() - stats.startedAt;
  const last = stats.companies.get(host)?.last ?? now;
  stats.window = { host, from: now, last, maxGap: 0, outcomes: new Map(), others: [] };
}

/** `{ host, ms (the window's length), maxGap (the company's longest gap overlapping it), outcomes, others }`. */
export function closeWindow() {
  const w = stats.window;
  stats.window = null;
  const now = performance.now() - stats.startedAt;
  // A company still failing when the window closes has been unavailable since its last success.
  return { ...w, ms: now - w.from, maxGap: Math.max(w.maxGap, now - w.last) };
}

function noteWindow(host, answer, ms) {
  const w = stats.window;
  if (host !== w.host) {
    if (answer.status > 0) w.others.push(ms);
    return;
  }
  bump(w.outcomes, answer.outcome);
  if (answer.status > 0 && answer.status < 500 && answer.status !== 429) {
    const now = performance.now() - stats.startedAt;
    w.maxGap = Math.max(w.maxGap, now - w.last);
    w.last = now;
  }
}

function noteSuccess(company) {
  const c = stats.companies.get(company);
  if (!c) return;
  const now = performance.now() - stats.startedAt;
  if (now - c.last > c.maxGap) {
    c.maxGap = now - c.last;
    c.maxGapAt = c.last;
  }
  c.last = now;
}

/** Who answered a 5xx: the server answers JSON (`{ message }`), nginx its own HTML page. */
const sender = (res) => (String(res.headers['content-type'] ?? '').includes('json') ? 'server' : 'nginx');

/**
 * One request; never throws. Resolves `{ status, outcome, body (Buffer), headers, ms }`; `status` 0 when no answer
 * came (`outcome` is then `reset`, `refused`, `timeout` or the error's code). `unknown` is true when a write's fate
 * cannot be known from the answer: no answer, or a 5xx (the server may have committed before it failed).
 */
export function call(base, { host, method = 'GET', path, token, body, headers = {}, agent, timeoutMs = 20_000, kind }) {
  const started = performance.now();
  const url = new URL(base);
  const all = { host: `${host}:${url.port}`, 'accept-encoding': 'identity', ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) all['content-type'] = 'application/json';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer) => {
      if (settled) return;
      settled = true;
      const ms = performance.now() - started;
      const unknown = answer.status === 0 || answer.status >= 500;
      if (kind) {
        stats.requests += 1;
        bump(stats.outcomes, answer.outcome);
        if (answer.status > 0) {
          if (!stats.latencies.has(kind)) stats.latencies.set(kind, []);
          stats.latencies.get(kind).push(ms);
        }
        if (answer.status > 0 && answer.status < 500 && answer.status !== 429) noteSuccess(host);
        if (stats.window) noteWindow(host, answer, ms);
      }
      resolve({ ...answer, ms, unknown });
    };
    const req = request(
      { host: '127.0.0.1', port: url.port, method, path, headers: all, agent, timeout: timeoutMs },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', () => finish({ status: 0, outcome: 'reset', body: Buffer.alloc(0), headers: {} }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let outcome = String(status);
          if (status >= 500) outcome = `${sender(res)} ${status}`;
          else if (status >= 400) outcome = `4xx ${status}`;
          finish({ status, outcome, body: Buffer.concat(chunks), headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error) => {
      const code = error.code ?? 'error';
      const outcome =
        code === 'TIMEOUT'
          ? 'timeout'
          : code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'socket hang up'
            ? 'reset'
            : code === 'ECONNREFUSED'
              ? 'refused'
              : code;
      finish({ status: 0, outcome, body: Buffer.alloc(0), headers: {} });
    });
    req.end(payload);
  });
}

export const json = (answer) => {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return null;
  }
};

/** A keep-alive connection of one client (a browser holds a few). */
export const clientAgent = () => new Agent({ keepAlive: true, maxSockets: 2 });

/** The percentile `p` (0–100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
