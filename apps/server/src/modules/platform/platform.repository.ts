import type { OutboxMessage } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { platformDb, type TenantDb } from '../../db/tenancy.js';

export async function listAdminsOfTenant(tdb: TenantDb) {
  return tdb
    .selectFrom('users')
    .select(['id', 'user_name', 'email_id', 'enabled', 'created_at'])
    .where('role', '=', 'TENANT_ADMIN')
    .orderBy('id')
    .execute();
}

/** Whether a TENANT_ADMIN is enabled, their row locked until the transaction ends (the before of a change). */
export async function lockAdminEnabled(tdb: TenantDb, id: number): Promise<boolean | undefined> {
  const row = await tdb
    .selectFrom('users')
    .select('enabled')
    .where('id', '=', id)
    .where('role', '=', 'TENANT_ADMIN')
    .forUpdate()
    .executeTakeFirst();
  return row?.enabled;
}

/** One TENANT_ADMIN enabled or disabled; disabling bumps the token version so their sessions end at once. */
export async function updateAdminEnabled(tdb: TenantDb, id: number, enabled: boolean) {
  return tdb
    .updateTable('users')
    .set((eb) => ({ enabled, token_version: enabled ? eb.ref('token_version') : eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .where('role', '=', 'TENANT_ADMIN')
    .returning(['id', 'user_name', 'email_id', 'enabled', 'created_at'])
    .executeTakeFirst();
}

export async function countTenants(db: Kysely<unknown>): Promise<number> {
  const row = await platformDb(db)
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listOutbox(db: Kysely<unknown>, limit: number): Promise<OutboxMessage[]> {
  const rows = await platformDb(db)
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'body', 'delivered', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
    delivered: r.delivered,
  }));
}
