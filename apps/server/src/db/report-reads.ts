/**
 * Reports and exports from a company's cluster's streaming replica (REPLICAS), with a bounded staleness:
 * - the replica answers only when it is known to hold every commit up to REPLICA_MAX_LAG_MS ago (its lag is
 *   measured at most once a second, `ReplicaClock`); beyond that, or unreachable, the primary answers;
 * - a company that wrote (any successful non-GET request) reads its reports from the primary for
 *   READ_YOUR_WRITES_MS: on the server that took the write by memory (`noteWrite`), and on any other server by
 *   the cookie that write's answer set in the writer's browser (plugins/report-reads.ts). Since
 *   READ_YOUR_WRITES_MS ≥ REPLICA_MAX_LAG_MS (config.ts), a replica that may answer afterwards has replayed it.
 * The pools come from `replicaOf` beside `databaseOf` (db/clusters.ts); nothing else picks one.
 */
import { type Kysely, sql } from 'kysely';
import { databaseOf, replicaOf } from './clusters.js';
import { DatabaseConnectionLostError, isConnectionLost } from './engine-errors.js';
import type { TenantRecord } from './tenancy.js';

/**
 * What one look at a replica tells: the time (ms since 1970) up to which it holds every commit, or null when it
 * cannot say (it has replayed no transaction since it started and is behind).
 */
export type MeasureReplica = (primary: Kysely<unknown>, replica: Kysely<unknown>) => Promise<number | null>;

/**
 * A replica's freshness, two cheap reads: the primary's current WAL position first, then whether the replica has
 * replayed up to it. If it has, it holds every commit made before the first read began; if not, every commit up
 * to its last replayed transaction's commit time (`now() - pg_last_xact_replay_timestamp()` is the usual lag;
 * alone it would call an idle, caught-up replica stale, which the LSN comparison rules out). A server that is not
 * in recovery but has the primary's system identifier (the tests' stand-in: a second pool to the primary itself)
 * holds everything; one with another identifier is not a copy of this primary at all.
 */
export const measureReplica: MeasureReplica = async (primary, replica) => {
  const startedAt = Date.now();
  const { rows: head } = await sql<{ lsn: string; system: string }>`
    select pg_current_wal_lsn()::text as lsn,
           (select system_identifier from pg_control_system())::text as system`.execute(primary);
  const { rows } = await sql<{ system: string; recovering: boolean; caught_up: boolean | null; lag_ms: number | null }>`
    select (select system_identifier from pg_control_system())::text as system,
           pg_is_in_recovery() as recovering,
           pg_last_wal_replay_lsn() >= ${head[0]?.lsn}::pg_lsn as caught_up,
           (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms`.execute(replica);
  const state = rows[0];
  // Not a copy of this primary (REPLICAS names another cluster): never fresh. A copy keeps the primary's system
  // identifier (pg_basebackup), as does the stand-in, which is the primary itself.
  if (!state || state.system !== head[0]?.system) return null;
  if (!state.recovering || state.caught_up) return startedAt;
  return state.lag_ms === null ? null : Date.now() - Math.max(0, state.lag_ms);
};

/** How long a request waits for a new measurement before it goes on with the last one (which only ages). */
const MEASURE_WAIT_MS = 250;

/** Each replica's last measurement, taken again once it is `everyMs` old, one measurement at a time. */
export class ReplicaClock {
  readonly #known = new WeakMap<object, { asOf: number | null; measuredAt: number; pending?: Promise<void> }>();
  constructor(
    private readonly measure: MeasureReplica = measureReplica,
    private readonly everyMs = 1000,
    /** How long a read waits for a measurement under way (a test on a loaded machine waits longer). */
    private readonly waitMs = MEASURE_WAIT_MS,
  ) {}

  /** The time up to which `replica` holds every commit of `primary`, as last measured (null: unknown). */
  async asOf(primary: Kysely<unknown>, replica: Kysely<unknown>): Promise<number | null> {
    let entry = this.#known.get(replica);
    if (!entry) {
      entry = { asOf: null, measuredAt: Number.NEGATIVE_INFINITY };
      this.#known.set(replica, entry);
    }
    const known = entry;
    if (!known.pending && performance.now() - known.measuredAt >= this.everyMs) {
      known.pending = this.measure(primary, replica)
        // An unreachable replica keeps its last time, which ages past the bound: the primary answers meanwhile.
        .then(
          (asOf) => {
            known.asOf = asOf;
          },
          () => {},
        )
        .finally(() => {
          known.measuredAt = performance.now();
          known.pending = undefined;
        });
    }
    if (known.pending) await Promise.race([known.pending, new Promise((done) => setTimeout(done, this.waitMs))]);
    return known.asOf;
  }

  /** A replica that just failed a read: unknown until its next measurement. */
  forget(replica: Kysely<unknown>): void {
    this.#known.set(replica, { asOf: null, measuredAt: performance.now() });
  }
}

/** A report's data this much behind, or more, is marked with the time it is as of (X-Data-As-Of). */
export const SHOWN_LAG_MS = 2000;

export interface ReportReadSettings {
  maxLagMs: number;
  readYourWritesMs: number;
}

/** Where a report read goes: the replica (with the time its data is as of) or, when null, the primary. */
export interface ReplicaRead {
  replica: Kysely<unknown>;
  asOf: number;
}

export class ReportReads {
  /** Company → until when (performance.now()) its reports are read from the primary on this server. */
  readonly #wrote = new Map<string, number>();
  constructor(
    readonly settings: ReportReadSettings,
    readonly clock = new ReplicaClock(),
  ) {}

  /** A company's write succeeded on this server. */
  noteWrite(tenantId: string): void {
    const now = performance.now();
    // Forget the companies whose window has passed once the map grows, so it holds recent writers only.
    if (this.#wrote.size > 10_000) for (const [id, until] of this.#wrote) if (until <= now) this.#wrote.delete(id);
    this.#wrote.set(tenantId, now + this.settings.readYourWritesMs);
  }

  wroteRecently(tenantId: string): boolean {
    const until = this.#wrote.get(tenantId);
    return until !== undefined && until > performance.now();
  }

  /**
   * The replica a company's report may be read from now, or null for the primary: no replica for its cluster, a
   * write of the company within READ_YOUR_WRITES_MS (here, or `wroteElsewhere`: the writer's cookie), or a
   * replica further behind than REPLICA_MAX_LAG_MS (or not measured).
   */
  async replicaFor(main: Kysely<unknown>, tenant: TenantRecord, wroteElsewhere: boolean): Promise<ReplicaRead | null> {
    const replica = replicaOf(main, tenant);
    if (!replica || wroteElsewhere || this.wroteRecently(tenant.tenantId)) return null;
    const asOf = await this.clock.asOf(databaseOf(main, tenant), replica);
    if (asOf === null || Date.now() - asOf > this.settings.maxLagMs) return null;
    return { replica, asOf };
  }

  /**
   * Runs a read on the replica; when the replica fails it (`replicaFailed`), the replica counts as unknown until
   * its next measurement and the read runs once more on the primary.
   */
  async withFallback<T>(read: ReplicaRead, onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    try {
      return await onReplica();
    } catch (error) {
      if (!replicaFailed(error)) throw error;
      this.clock.forget(read.replica);
      return onPrimary();
    }
  }
}

/** The report reads of a server's configuration: none without REPLICAS. */
export function reportReadsOf(config: {
  REPLICAS?: readonly unknown[];
  REPLICA_MAX_LAG_MS: number;
  READ_YOUR_WRITES_MS: number;
}): ReportReads | undefined {
  if (!config.REPLICAS?.length) return undefined;
  return new ReportReads({ maxLagMs: config.REPLICA_MAX_LAG_MS, readYourWritesMs: config.READ_YOUR_WRITES_MS });
}

/**
 * What the replica, not the request, failed: a refused or lost connection, a query cancelled by a conflict with
 * recovery (40001), or what a company created or moved a moment ago may still lack there: its role (SET ROLE:
 * 22023), schema or tables (42P01). The primary answers those; a real 42P01 fails there as well.
 */
const REPLICA_CODES = new Set(['ECONNREFUSED', '40001', '22023', '42P01']);
function replicaFailed(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return (
    error instanceof DatabaseConnectionLostError ||
    isConnectionLost(error) ||
    (typeof code === 'string' && REPLICA_CODES.has(code))
  );
}
