import type { PendingUser, TenantUser } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { toTenantUser, USER_COLUMNS } from '../tenants/tenants.repository.js';

/** Whether a user is enabled; undefined when there is no such user. */
export async function isUserEnabled(tdb: TenantDb, id: number): Promise<boolean | undefined> {
  const row = await tdb.selectFrom('users').select('enabled').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.enabled;
}

/** Enables or disables a user; disabling also bumps the token version so their open sessions end at once. */
export async function updateUserEnabled(tdb: TenantDb, id: number, enabled: boolean): Promise<TenantUser | undefined> {
  const row = await tdb
    .updateTable('users')
    .set((eb) => ({ enabled, token_version: enabled ? eb.ref('token_version') : eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning([...USER_COLUMNS])
    .executeTakeFirst();
  return row && toTenantUser(row);
}

/**
 * Replaces the password with a temporary one that must be changed at the next sign-in, clears any
 * forgot-password temporary password and bumps the token version (ending the user's open sessions).
 * With `onlyRole`, a user of another role is left alone (answers undefined), e.g. the super admin resets
 * tenant admins only.
 */
export async function setTemporaryPassword(
  tdb: TenantDb,
  id: number,
  passwordHash: string,
  onlyRole?: 'TENANT_ADMIN' | 'USER',
): Promise<{ name: string; email: string; role: 'TENANT_ADMIN' | 'USER' } | undefined> {
  let query = tdb
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      reset_password_required: true,
      temp_password_hash: null,
      temp_password_expires_at: null,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id);
  if (onlyRole) query = query.where('role', '=', onlyRole);
  const row = await query.returning(['user_name', 'email_id', 'role']).executeTakeFirst();
  return row && { name: row.user_name, email: row.email_id, role: row.role };
}

export async function countTenantRecords(tdb: TenantDb): Promise<{ users: number; projects: number }> {
  const row = await tdb
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('users'),
      eb.selectFrom('projects').select(eb.fn.countAll<number>().as('n')).as('projects'),
    ])
    .executeTakeFirstOrThrow();
  return { users: Number(row.users ?? 0), projects: Number(row.projects ?? 0) };
}

/** Self-registered users waiting for approval, oldest first. */
export async function listPendingUsers(tdb: TenantDb): Promise<PendingUser[]> {
  const rows = await tdb
    .selectFrom('users')
    .select(['id', 'user_name', 'email_id', 'mobile_number', 'city', 'email_verified', 'created_at'])
    .where('approved', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.user_name,
    email: r.email_id,
    mobileNumber: r.mobile_number,
    city: r.city,
    emailVerified: r.email_verified,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Approves a pending user; undefined when no pending user has this id. */
export async function approvePendingUser(
  tdb: TenantDb,
  id: number,
): Promise<{ name: string; email: string; emailVerified: boolean } | undefined> {
  const row = await tdb
    .updateTable('users')
    .set({ approved: true })
    .where('id', '=', id)
    .where('approved', '=', false)
    .returning(['user_name', 'email_id', 'email_verified'])
    .executeTakeFirst();
  return row && { name: row.user_name, email: row.email_id, emailVerified: row.email_verified };
}

/** Removes a pending user (a rejected registration), which frees the email; undefined when none has this id. */
export async function deletePendingUser(tdb: TenantDb, id: number): Promise<{ email: string } | undefined> {
  const row = await tdb
    .deleteFrom('users')
    .where('id', '=', id)
    .where('approved', '=', false)
    .returning('email_id')
    .executeTakeFirst();
  return row && { email: row.email_id };
}
