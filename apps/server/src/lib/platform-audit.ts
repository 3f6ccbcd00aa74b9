import type { PlatformAuditAction, PlatformAuditEntity } from '@plotbook/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  countPlatformFailedSignIns,
  insertPlatformAuditRows,
} from '../modules/platform-audit/platform-audit.repository.js';
import type { Actor, FieldChanges } from './audit.js';

/** One platform write, as the service that made it records it (see `recordPlatformChange`). */
export interface PlatformChange {
  entity: PlatformAuditEntity;
  /** The record as text: a company's id, `<company>/<user id>` (`tenantUserRecord`), a demo request's number. */
  entityId: string | number | null;
  action: PlatformAuditAction;
  changes?: FieldChanges;
  reason?: string | null;
}

/** Who asks: the signed-in super admin (if any), the client's address and the request's id. */
export function platformActor(request: FastifyRequest): Actor {
  return {
    userId: request.principal?.userId ?? null,
    userName: request.principal?.name || null,
    clientAddress: request.ip ?? null,
    requestId: request.id ?? null,
  };
}

/** A company's admin or user, as the platform trail names them. */
export const tenantUserRecord = (tenantId: string, userId: number) => `${tenantId}/${userId}`;

/**
 * Records one platform write in the platform's trail, at once, through `db`: pass the transaction of the write
 * when there is one (the row then commits or rolls back with it). A write made in a company's own transaction
 * (an admin added to a company) cannot hold a platform row (the company's role has no rights on the platform
 * schema), so it is recorded right after that transaction committed. Call it in the service that made the write.
 */
export async function recordPlatformChange(db: Kysely<unknown>, actor: Actor, change: PlatformChange): Promise<void> {
  await insertPlatformAuditRows(db, [
    {
      user_id: actor.userId,
      user_name: actor.userName,
      client_address: actor.clientAddress,
      request_id: actor.requestId,
      entity: change.entity,
      entity_id: change.entityId === null ? null : String(change.entityId),
      action: change.action,
      changes: JSON.stringify(change.changes ?? {}),
      reason: change.reason ?? null,
    },
  ]);
}

/** Where a sign-in or password change on the platform's host is recorded: the platform trail, as `actor` asks. */
export interface PlatformTrail {
  db: Kysely<unknown>;
  actor: Actor;
}

/** The failed sign-ins the platform trail holds from `address` since `since`, counted up to `cap`. */
export const platformFailedSignIns = (db: Kysely<unknown>, address: string, since: Date, cap: number) =>
  countPlatformFailedSignIns(db, address, since, cap);
