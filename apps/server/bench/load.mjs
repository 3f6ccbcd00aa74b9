/**
 * The benchmark's clients, run in a worker thread (plain JavaScript: workers do not take tsx) so they do not share the server's event loop: `concurrency`
 * keep-alive connections fire `requests` GETs at one URL and report the latencies and the throughput.
 */
import { Agent, request as httpRequest } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string, headers: Record<string, string>, concurrency: number, requests: number }} */
const job = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });

/** @returns {Promise<number>} */
function get() {
  return new Promise((resolve, reject) => {
    const req = httpRequest(job.url, { headers: job.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function run() {
  /** @type {number[]} */
  const times = [];
  let next = 0;
  let failures = 0;
  const client = async () => {
    while (next < job.requests) {
      next += 1;
      const started = performance.now();
      const status = await get();
      times.push(performance.now() - started);
      // 304: the board polled with its ETag (bench/board.ts).
      if (status !== 200 && status !== 304) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  agent.destroy();
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? 0,
    perSecond: times.length / seconds,
    failures,
  };
}

parentPort?.postMessage(await run());
