import type { AuditAction, AuditEntity } from '@plotbook/domain';
import { beforeCommit, type TenantDb } from '../db/tenancy.js';
import { insertAuditRows } from '../modules/audit/audit.repository.js';

/** `{ field: [before, after] }` of the fields a change touched, money in paise (column names, `*_paise`). */
export type FieldChanges = Record<string, [unknown, unknown]>;

/** One change of the company's data, as a write records it (see `recordChange`). */
export interface Change {
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
  changes?: FieldChanges;
  reason?: string | null;
  /** Who, when the transaction's own actor is not it: a sign-in names the account signing in (no one is yet). */
  by?: { userId: number | null; userName: string | null };
}

/** Who made the changes of a transaction, as they were: read when its trail rows are written. */
export interface Actor {
  userId: number | null;
  userName: string | null;
  clientAddress: string | null;
  requestId: string | null;
}

const NOBODY: Actor = { userId: null, userName: null, clientAddress: null, requestId: null };

/** The actor of each open tenant transaction, set where it is opened (`withTenant`, plugins/tenant.ts). */
const actors = new WeakMap<object, () => Actor>();

/** The changes each open tenant transaction recorded, not written yet. */
const queues = new WeakMap<object, Change[]>();

/**
 * Names who works in the transaction of `tdb`: `actor` is called when its trail rows are written, after the
 * request's account check has filled in the user's name.
 */
export function attachActor(tdb: TenantDb, actor: () => Actor): void {
  actors.set(tdb, actor);
}

/**
 * Records one change in the audit trail, in the transaction of `tdb`: queued, and written with the transaction's
 * other changes in one insert just before it commits (`beforeCommit`, db/tenancy.ts), so the chain's lock is the
 * last lock it takes and a rolled-back change leaves no row. Call it where the table is written, once per record
 * written (a record's own parts, such as a receipt's lines, are fields of its row), with the id the API gives the
 * record; test/audit-routes.test.ts holds every write route to it.
 */
export function recordChange(tdb: TenantDb, change: Change): void {
  let queue = queues.get(tdb);
  if (!queue) {
    const changes: Change[] = [];
    queue = changes;
    queues.set(tdb, changes);
    beforeCommit(tdb, async () => {
      queues.delete(tdb);
      const actor = actors.get(tdb)?.() ?? NOBODY;
      await insertAuditRows(
        tdb,
        changes.map((c) => ({
          user_id: c.by ? c.by.userId : actor.userId,
          user_name: c.by ? c.by.userName : actor.userName,
          client_address: actor.clientAddress,
          request_id: actor.requestId,
          entity: c.entity,
          entity_id: c.entityId,
          action: c.action,
          changes: JSON.stringify(c.changes ?? {}),
          reason: c.reason ?? null,
        })),
      );
    });
  }
  queue.push(change);
}

/**
 * Drops the changes recorded so far in the transaction of `tdb`: its commit then writes no trail rows for them. For
 * the bench only (bench/trail-cost.ts times a money write with and without its trail row, the same service call);
 * the app never calls it, and the write path above has no switch for it.
 */
export function discardRecordedChanges(tdb: TenantDb): void {
  queues.get(tdb)?.splice(0);
}

/**
 * The fields whose value differs between `before` and `after` (of `after`'s fields), as `[before, after]`; a
 * creation has no `before` (each field from null), a deletion no `after` (each field to null).
 */
export function changedFields(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of Object.keys(after ?? before ?? {})) {
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!sameValue(old, now)) changes[field] = [old, now];
  }
  return changes;
}

/** Equal values, a number and its numeric text (a bigint read back) alike; null only equals null. */
const sameValue = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && String(a) === String(b));
