import type { Kysely } from 'kysely';
import { assertPlacementsReachable, MAIN_CLUSTER } from './clusters.js';
import type { TenantRecord } from './tenancy.js';
import { listStaleTenants, migratePlatform, migrateTenant } from './tenant-storage.js';

/** How many companies a server migrates at once on each cluster in the background: the rest of its pool keeps serving. */
export const TENANT_UPDATE_CONCURRENCY = 2;

/**
 * The companies this server is bringing to its schema version, in the background after it started listening.
 * Until its own migration has finished, such a company answers 503 (plugins/tenant.ts); every other company is
 * served meanwhile. A company whose migration failed stays on the list (its schema is not what the code needs)
 * and is retried at the next start.
 */
export class TenantUpdates {
  readonly #waiting: Set<string>;
  readonly #failed = new Map<string, unknown>();
  /** Settles when every stale company has been tried. */
  readonly done: Promise<void>;

  constructor(
    db: Kysely<unknown>,
    stale: TenantRecord[],
    options: { concurrency?: number; onError?: (tenant: TenantRecord, error: unknown) => void } = {},
  ) {
    this.#waiting = new Set(stale.map((tenant) => tenant.tenantId));
    // One queue per cluster, each migrated with that cluster's pool (migrateTenant → databaseOf).
    const queues = new Map<string, TenantRecord[]>();
    for (const tenant of stale) {
      const cluster = tenant.cluster ?? MAIN_CLUSTER;
      queues.set(cluster, [...(queues.get(cluster) ?? []), tenant]);
    }
    const worker = async (queue: TenantRecord[]) => {
      for (let tenant = queue.shift(); tenant; tenant = queue.shift()) {
        try {
          await migrateTenant(db, tenant);
          this.#waiting.delete(tenant.tenantId);
        } catch (error) {
          this.#failed.set(tenant.tenantId, error);
          options.onError?.(tenant, error);
        }
      }
    };
    const workers = [...queues.values()].flatMap((queue) =>
      Array.from({ length: Math.min(options.concurrency ?? TENANT_UPDATE_CONCURRENCY, queue.length) }, () =>
        worker(queue),
      ),
    );
    this.done = Promise.all(workers).then(() => {});
  }

  /** Whether the company's schema is still behind this server's code (being migrated, queued, or failed). */
  isUpdating(tenantId: string): boolean {
    return this.#waiting.has(tenantId);
  }

  /** How many companies are still waiting for (or failed) their migration. */
  get remaining(): number {
    return this.#waiting.size;
  }
}

/**
 * What a start does to the database before it listens: migrate the platform schema, read every company's schema
 * version in one query, and hand the stale ones to a TenantUpdates, which migrates them in the background (each
 * under its schema's advisory lock, so several servers starting together migrate each company once). Up-to-date
 * companies cost nothing, however many there are. A company placed on a cluster this server's CLUSTERS leaves out
 * stops the start with a message naming it (db/clusters.ts).
 */
export async function prepareDatabase(
  db: Kysely<unknown>,
  options: { concurrency?: number; onError?: (tenant: TenantRecord, error: unknown) => void } = {},
): Promise<TenantUpdates> {
  await migratePlatform(db);
  await assertPlacementsReachable(db);
  return new TenantUpdates(db, await listStaleTenants(db), options);
}
