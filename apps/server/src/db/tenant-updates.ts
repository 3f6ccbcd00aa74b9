import type { Kysely } from 'kysely';
import type { TenantRecord } from './tenancy.js';
import { listStaleTenants, migratePlatform, migrateTenant } from './tenant-storage.js';

/** How many companies a server migrates at once in the background: the rest of the pool keeps serving. */
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
    const queue = [...stale];
    const worker = async () => {
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
    const workers = Math.min(options.concurrency ?? TENANT_UPDATE_CONCURRENCY, queue.length);
    this.done = Promise.all(Array.from({ length: workers }, worker)).then(() => {});
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
 * companies cost nothing, however many there are.
 */
export async function prepareDatabase(
  db: Kysely<unknown>,
  options: { concurrency?: number; onError?: (tenant: TenantRecord, error: unknown) => void } = {},
): Promise<TenantUpdates> {
  await migratePlatform(db);
  return new TenantUpdates(db, await listStaleTenants(db), options);
}
