import type { TenantUser } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { toTenantUser, USER_COLUMNS } from '../tenants/tenants.repository.js';

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
 */
export async function setTemporaryPassword(
  tdb: TenantDb,
  id: number,
  passwordHash: string,
): Promise<{ name: string; email: string; role: 'TENANT_ADMIN' | 'USER' } | undefined> {
  const row = await tdb
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      reset_password_required: true,
      temp_password_hash: null,
      temp_password_expires_at: null,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id)
    .returning(['user_name', 'email_id', 'role'])
    .executeTakeFirst();
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
