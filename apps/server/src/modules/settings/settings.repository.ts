import type { Kysely } from 'kysely';
import { platformDb, type TenantDb } from '../../db/tenancy.js';

/** The user's row; `lock` holds it until the transaction ends (a password change checks and writes under it). */
export async function findAccount(tdb: TenantDb, userId: number, options: { lock?: boolean } = {}) {
  let query = tdb
    .selectFrom('users')
    .select(['id', 'user_name', 'email_id', 'mobile_number', 'city', 'role', 'password_hash'])
    .where('id', '=', userId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAccount(
  tdb: TenantDb,
  userId: number,
  values: { userName: string; mobileNumber: string | null; city: string | null },
): Promise<void> {
  await tdb
    .updateTable('users')
    .set({ user_name: values.userName, mobile_number: values.mobileNumber, city: values.city })
    .where('id', '=', userId)
    .execute();
}

/** Sets a new password, clears any temporary one and bumps the token version; answers the new version. */
export async function setAccountPassword(tdb: TenantDb, userId: number, passwordHash: string): Promise<number> {
  const row = await tdb
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      reset_password_required: false,
      temp_password_hash: null,
      temp_password_expires_at: null,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** The company's active tenant admins, by name. */
export async function listTenantAdmins(tdb: TenantDb) {
  return tdb
    .selectFrom('users')
    .select(['user_name', 'email_id', 'mobile_number'])
    .where('role', '=', 'TENANT_ADMIN')
    .where('enabled', '=', true)
    .where('approved', '=', true)
    .orderBy('user_name')
    .orderBy('id')
    .execute();
}

/** The platform's support address (`support_email` in the platform settings), when one is set. */
export async function readPlatformSupportEmail(db: Kysely<unknown>): Promise<string | null> {
  const row = await platformDb(db)
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'support_email')
    .executeTakeFirst();
  return row?.value.trim() || null;
}
