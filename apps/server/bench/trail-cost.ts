/**
 * What a money write's audit trail row costs (issue 19's goal: at most 1 ms more than the same write without it).
 *
 * Two bench-only routes run the same service call as `POST /api/purchase` (`savePurchases`, in the company's
 * transaction through `request.withTenant`, so its trail row is written just before COMMIT by the app's own
 * `beforeCommit` hook): `/api/bench/purchase` as it is, and `/api/bench/purchase-untrailed`, which drops the queued
 * change (`discardRecordedChanges`) just before the transaction ends, so it commits the purchase without its trail
 * row (no INSERT is sent: the writer skips an empty batch). Nothing else differs: no switch in the app's write path.
 * One client sends them in turn, alternating which goes first each round, and each answer carries the server's own
 * time for its transaction (`x-bench-ms`), so the difference is read both as the client sees it and without HTTP.
 */

import type { Agent } from 'node:http';
import { purchaseRowsSchema } from '@plotbook/domain';
import type { FastifyInstance } from 'fastify';
import { discardRecordedChanges } from '../src/lib/audit.js';
import type { ApiTypeProvider } from '../src/lib/type-provider.js';
import { savePurchases } from '../src/modules/purchases/purchases.service.js';
import { call } from './http.js';
import { median } from './measure.js';

export const TRAILED = '/api/bench/purchase';
export const UNTRAILED = '/api/bench/purchase-untrailed';

/** Registers the two routes (before the app listens). */
export function registerTrailCostRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ApiTypeProvider>();
  for (const [path, trailed] of [
    [TRAILED, true],
    [UNTRAILED, false],
  ] as const) {
    r.post(
      path,
      { preHandler: app.requireRole('USER'), schema: { body: purchaseRowsSchema } },
      async (request, reply) => {
        const started = performance.now();
        const saved = await request.withTenant(async (tdb) => {
          const answer = await savePurchases(tdb, request.body, request.user().userId);
          if (!trailed) discardRecordedChanges(tdb);
          return answer;
        });
        reply.header('x-bench-ms', (performance.now() - started).toFixed(3));
        return reply.status(201).send(saved);
      },
    );
  }
}

export interface TrailCost {
  rounds: number;
  /** p50 and mean, ms: at the client (whole HTTP request) and in the server (the company transaction). */
  client: { trailed: number; untrailed: number; trailedMean: number; untrailedMean: number };
  server: { trailed: number; untrailed: number; trailedMean: number; untrailedMean: number };
  /** The API's own route (`POST /api/purchase`, idempotency key and all) at one client, p50 ms. */
  apiP50: number;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

/** `rounds` of one trailed and one untrailed purchase (after `warmUp` rounds), then the API's route alone. */
export async function measureTrailCost(
  host: string,
  headers: Record<string, string>,
  agent: Agent,
  row: { projectId: number; partnerId: number },
  rounds = 600,
  warmUp = 50,
): Promise<TrailCost> {
  const body = JSON.stringify([
    { ...row, particular: 'Kharedikhar', date: '2025-06-01', mode: 'Cash', amount: 1234.5 },
  ]);
  const send = async (path: string, extra: Record<string, string> = {}) => {
    const started = performance.now();
    const res = await call(`${host}${path}`, {
      method: 'POST',
      headers: { ...headers, ...extra, 'content-type': 'application/json' },
      body,
      agent,
    });
    const client = performance.now() - started;
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${res.body}`);
    return { client, server: Number(res.headers['x-bench-ms'] ?? Number.NaN) };
  };
  const times = {
    trailed: [] as number[],
    untrailed: [] as number[],
    tServer: [] as number[],
    uServer: [] as number[],
  };
  for (let i = 0; i < warmUp + rounds; i += 1) {
    const order = i % 2 === 0 ? [TRAILED, UNTRAILED] : [UNTRAILED, TRAILED];
    for (const path of order) {
      const t = await send(path);
      if (i < warmUp) continue;
      if (path === TRAILED) {
        times.trailed.push(t.client);
        times.tServer.push(t.server);
      } else {
        times.untrailed.push(t.client);
        times.uServer.push(t.server);
      }
    }
  }
  const api: number[] = [];
  for (let i = 0; i < warmUp + rounds; i += 1) {
    const t = await send('/api/purchase', { 'idempotency-key': `bench-${i}-${Math.random()}` });
    if (i >= warmUp) api.push(t.client);
  }
  return {
    rounds,
    client: {
      trailed: median(times.trailed),
      untrailed: median(times.untrailed),
      trailedMean: mean(times.trailed),
      untrailedMean: mean(times.untrailed),
    },
    server: {
      trailed: median(times.tServer),
      untrailed: median(times.uServer),
      trailedMean: mean(times.tServer),
      untrailedMean: mean(times.uServer),
    },
    apiP50: median(api),
  };
}

/** The lines the bench prints for it. */
export function trailCostLines(cost: TrailCost): string[] {
  const f = (n: number) => n.toFixed(2);
  const line = (what: string, m: TrailCost['client']) =>
    `  ${what}: with its trail row p50 ${f(m.trailed)} ms (mean ${f(m.trailedMean)}), without p50 ${f(m.untrailed)} ms ` +
    `(mean ${f(m.untrailedMean)}): +${f(m.trailed - m.untrailed)} ms p50, +${f(m.trailedMean - m.untrailedMean)} ms mean` +
    `${m.trailed - m.untrailed <= 1 ? '  ok' : '  OVER the 1 ms goal'}`;
  return [
    `A purchase with and without its audit trail row (same service call, ${cost.rounds} alternating rounds, 1 client):`,
    line('HTTP (client)', cost.client),
    line('server transaction', cost.server),
    `  for reference, POST /api/purchase (idempotency key, its trail row) p50 ${f(cost.apiP50)} ms`,
  ];
}
