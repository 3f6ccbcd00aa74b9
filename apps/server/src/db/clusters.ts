/**
 * Where each company's data lives: the cluster it is placed on (`platform.tenants.cluster`). The cluster `main` is
 * DATABASE_URL's (or the embedded database), where the platform schema also lives; CLUSTERS names the others
 * (config.ts). A company's schema and role are on its cluster only, and every company request, migration, creation
 * and removal reaches them through `databaseOf` below: runAsTenant, readTenantUser and db/tenant-storage.ts call
 * it, so a caller passes the main handle it has and never chooses a cluster itself.
 */
import { type Kysely, sql } from 'kysely';
import { AppError, badRequest } from '../lib/app-error.js';
import { PLATFORM_SCHEMA } from './tenancy.js';

/** The cluster of DATABASE_URL (or of the embedded database): the platform schema's, and every company's by default. */
export const MAIN_CLUSTER = 'main';

/**
 * How long a server trusts a company record it read (its cluster, whether it is being moved) before reading it
 * again (plugins/tenant.ts TenantDirectory): a move (db/company-move.ts) waits this long after each change of the
 * record, so every server has seen it before the move goes on.
 */
export const DIRECTORY_TTL_MS = 2000;

/** A cluster's name: what CLUSTERS and the platform API accept. */
export const CLUSTER_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** The extra clusters of each main handle, in CLUSTERS order (registered by openDatabase, db/engine.ts). */
const extraClusters = new WeakMap<object, ReadonlyMap<string, Kysely<unknown>>>();

/** Registers the pools of CLUSTERS' clusters with the main handle they belong to (db/engine.ts). */
export function attachClusters(main: Kysely<unknown>, extra: ReadonlyMap<string, Kysely<unknown>>): void {
  extraClusters.set(main, extra);
}

/** Every cluster this server reaches: `main` first, then CLUSTERS' names in their order. */
export function clusterNames(main: Kysely<unknown>): string[] {
  return [MAIN_CLUSTER, ...(extraClusters.get(main)?.keys() ?? [])];
}

/**
 * THE placement seam: the database handle (pool) of the cluster a company is placed on. `main` is the handle
 * given; any other name is a pool of CLUSTERS. A record without a cluster (built by hand in a test or seed) is on
 * `main`.
 *
 * This lookup is the one place where Citus schema-based sharding would replace this placement: with
 * `citus.enable_schema_based_sharding` each company schema is a distributed schema (`citus_schema_distribute`),
 * Citus itself routes every query of the schema's `search_path` to the node holding it and moves it with
 * `citus_schema_move`; this function would then answer the coordinator's pool for every company, and the
 * `cluster` column, CLUSTERS and the move script would go. Nothing else in the code names a cluster.
 */
export function databaseOf(main: Kysely<unknown>, tenant: { tenantId: string; cluster?: string }): Kysely<unknown> {
  const cluster = tenant.cluster ?? MAIN_CLUSTER;
  if (cluster === MAIN_CLUSTER) return main;
  const found = extraClusters.get(main)?.get(cluster);
  // A server started without this cluster in CLUSTERS (prepareDatabase refuses to start so when it already knows).
  if (!found) throw new AppError('UNAVAILABLE', "This company's database cannot be reached from this server.");
  return found;
}

/** The streaming replica of each cluster that has one (REPLICAS), registered by openDatabase with the main handle. */
const replicaPools = new WeakMap<object, ReadonlyMap<string, Kysely<unknown>>>();

/** Registers the pools of REPLICAS' replicas (cluster name → pool) with the main handle they belong to. */
export function attachReplicas(main: Kysely<unknown>, replicas: ReadonlyMap<string, Kysely<unknown>>): void {
  replicaPools.set(main, replicas);
}

/**
 * Beside `databaseOf`, the one other placement lookup: the pool of the streaming replica of the cluster a company
 * is placed on, or undefined when that cluster has none (REPLICAS names it not, or the embedded database). Only
 * reads that may be a little behind ask for it (db/report-reads.ts decides when they may); with Citus it would
 * answer the coordinator's replica, or nothing.
 */
export function replicaOf(
  main: Kysely<unknown>,
  tenant: { tenantId: string; cluster?: string },
): Kysely<unknown> | undefined {
  return replicaPools.get(main)?.get(tenant.cluster ?? MAIN_CLUSTER);
}

/** A named cluster, refused with a plain message when this server has no such cluster. */
export function knownCluster(main: Kysely<unknown>, name: string): string {
  const names = clusterNames(main);
  if (!names.includes(name)) {
    const message = `Unknown cluster "${name}". The clusters are: ${names.join(', ')}.`;
    throw badRequest(message, { cluster: message });
  }
  return name;
}

/** How many companies each cluster holds (a cluster without any counts 0), in `clusterNames` order. */
export async function companiesPerCluster(main: Kysely<unknown>): Promise<Map<string, number>> {
  const counts = new Map(clusterNames(main).map((name) => [name, 0]));
  const { rows } = await sql<{ cluster: string; n: number }>`
    select cluster, count(*)::int as n from ${sql.id(PLATFORM_SCHEMA, 'tenants')} group by cluster`.execute(main);
  for (const row of rows) counts.set(row.cluster, row.n);
  return counts;
}

/**
 * The cluster a new company goes to: the one named (refused when unknown), or else the one with the fewest
 * companies (ties go to the first in `clusterNames` order, `main` first). Two companies created at the same moment
 * may both count the same figures and land together; the balance is a tendency, not a promise.
 */
export async function placeCompany(main: Kysely<unknown>, named?: string | null): Promise<string> {
  if (named) return knownCluster(main, named);
  const counts = await companiesPerCluster(main);
  let best = MAIN_CLUSTER;
  for (const name of clusterNames(main)) {
    if ((counts.get(name) ?? 0) < (counts.get(best) ?? 0)) best = name;
  }
  return best;
}

/**
 * Refuses a start whose CLUSTERS leaves out a cluster some company is placed on: its requests would fail one by
 * one instead of the server saying so at once.
 */
export async function assertPlacementsReachable(main: Kysely<unknown>): Promise<void> {
  const names = clusterNames(main);
  const unknown = [...(await companiesPerCluster(main)).keys()].filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `Companies are placed on cluster ${unknown.join(', ')}, which CLUSTERS does not name. ` +
        'Add it to CLUSTERS (name=postgres://…) on every server.',
    );
  }
}
