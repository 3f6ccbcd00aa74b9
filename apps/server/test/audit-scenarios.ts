import type { AuditAction, AuditEntity } from '@plotbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { TenantRecord } from '../src/db/tenancy.js';
import type { factories } from './factories.js';
import type { TestContext } from './helpers.js';

/**
 * The audit trail's route scenarios (test/audit-routes.test.ts): for each company write route of the OpenAPI
 * document, one scenario (or a few) that builds its data, performs the write once with `c.write` and says which
 * trail rows that write must leave. The rule: one trail row per record written (a project saved with three plots
 * leaves four rows, a batch of two purchases two); a record's own parts (a receipt's lines, a sale's schedule, a
 * partner's shares) are fields of its row. A route added without a scenario here, or an entry in
 * `NOT_COMPANY_WRITES` with its reason, fails the test.
 */

/** A trail row the write must leave: the record (entity and the id the API gives it), who, and the changed fields. */
export interface TrailRow {
  entity: AuditEntity;
  entityId: number | null;
  action: AuditAction;
  userId: number | null;
  /** The keys of `changes`, in any order (money under its `*_paise` column name). */
  fields: string[];
  /** Some of the values as stored, `[before, after]` (money in paise), when a scenario checks them too. */
  values?: Record<string, [unknown, unknown]>;
}

export interface Written {
  res: LightMyRequestResponse;
  /** Every trail row the write leaves, no more (in any order). */
  rows: TrailRow[];
  /** The answer's status when the write is a refusal that still leaves a row (a failed sign-in); else any 2xx. */
  status?: number;
}

export interface Scenario {
  /** Told apart when a route has several scenarios. */
  name?: string;
  /**
   * A write whose trail row another piece of work adds (its service is being changed elsewhere): the scenario runs
   * and is expected to fail until then, so the moment the row is written the test says to drop this.
   */
  pending?: string;
  run(c: TrailContext): Promise<Written>;
}

/** A route's scenarios, keyed `METHOD /path/{param}` as the OpenAPI document names it. */
export type ScenarioTable = Record<string, Scenario | Scenario[]>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TrailContext {
  t: TestContext;
  acme: TenantRecord;
  /** Factories acting as `user`. */
  f: ReturnType<typeof factories>;
  /** The company's user (every data write is theirs) and its tenant admin (user management). */
  user: { token: string; id: number };
  admin: { token: string; id: number };
  /** A call that builds data (as `user` unless another token is given): its trail rows are not the write's. */
  call(
    method: Method,
    url: string,
    payload?: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The write under test, once per scenario: the trail rows after its start are the ones checked. */
  /** `headers` for a body that is not JSON (a layout plan's raw file and its Content-Type). */
  write(
    method: Method,
    url: string,
    payload?: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** A user's id, by email (for writes whose answer does not give it). */
  userIdOf(email: string): Promise<number>;
}

export const row = (
  entity: AuditEntity,
  entityId: number | null,
  action: AuditAction,
  userId: number | null,
  fields: readonly string[] = [],
  values?: TrailRow['values'],
): TrailRow => ({ entity, entityId, action, userId, fields: [...fields], ...(values ? { values } : {}) });

const PLATFORM = 'platform trail: a super admin’s write on the platform host (the platform’s own trail records it)';

/** Write routes that change no company’s data as a company request, each with its reason. */
export const NOT_COMPANY_WRITES: Record<string, string> = {
  'POST /api/admin/create-tenant': PLATFORM,
  'POST /api/admin/tenants/{tenantId}/users': PLATFORM,
  'POST /api/admin/tenant-admins': PLATFORM,
  'PATCH /api/admin/tenant-admins/{tenantId}/{id}': PLATFORM,
  'POST /api/admin/tenant-admins/{tenantId}/{id}/reset-password': PLATFORM,
  'POST /api/admin/locked-accounts/unlock': PLATFORM,
  'PUT /api/admin/demo-request/{id}/status': PLATFORM,
  'POST /api/demo-requests': `${PLATFORM}; a demo request belongs to no company`,
  'POST /api/login-link':
    'writes only the platform’s sign-in counters (a device let past the ceiling), no company data',
};

/** The trail rows written after row `since`, oldest first, as stored (money in paise). */
export async function trailSince(t: TestContext, acme: TenantRecord, since: number) {
  return t.asTenant(acme, async (tdb) =>
    (
      await sql<{
        id: number;
        entity: AuditEntity;
        entity_id: number | null;
        action: AuditAction;
        user_id: number | null;
        changes: Record<string, unknown[]>;
      }>`select id, entity, entity_id, action, user_id, changes from audit_trail where id > ${since} order by id`.execute(
        tdb,
      )
    ).rows.map((r) => ({
      entity: r.entity,
      entityId: r.entity_id === null ? null : Number(r.entity_id),
      action: r.action,
      userId: r.user_id,
      fields: Object.keys(r.changes),
      changes: r.changes,
    })),
  );
}

/** The id of the trail's newest row (0 when it has none). */
export async function lastTrailId(t: TestContext, acme: TenantRecord): Promise<number> {
  return t.asTenant(acme, async (tdb) =>
    Number((await sql<{ id: number | null }>`select max(id) as id from audit_trail`.execute(tdb)).rows[0]?.id ?? 0),
  );
}

/** Rows in one order whatever the order written, their fields sorted: what two lists of rows compare by. */
export const comparable = (rows: readonly TrailRow[]) =>
  rows
    .map((r) => ({
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      userId: r.userId,
      fields: [...r.fields].sort(),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
