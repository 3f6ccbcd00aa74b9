import type { AccountProfileAnswer, HelpContactsAnswer } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { TokenService } from '../../lib/tokens.js';
import {
  findAccount,
  listTenantAdmins,
  readPlatformSupportEmail,
  setAccountPassword,
  updateAccount,
} from './settings.repository.js';

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

const toProfile = (row: AccountRow): AccountProfileAnswer => ({
  userName: row.user_name,
  emailId: row.email_id,
  mobileNumber: row.mobile_number,
  city: row.city,
  role: row.role,
});

async function account(tdb: TenantDb, userId: number): Promise<AccountRow> {
  const row = await findAccount(tdb, userId);
  if (!row) throw notFound('Account not found.');
  return row;
}

export async function getAccountProfile(tdb: TenantDb, userId: number): Promise<AccountProfileAnswer> {
  return toProfile(await account(tdb, userId));
}

export async function saveAccountProfile(
  tdb: TenantDb,
  userId: number,
  values: { userName: string; mobileNumber: string | null; city: string | null },
): Promise<AccountProfileAnswer> {
  const before = await account(tdb, userId);
  await updateAccount(tdb, userId, values);
  const after = await account(tdb, userId);
  const pick = (r: AccountRow) => ({ user_name: r.user_name, mobile_number: r.mobile_number, city: r.city });
  const changes = changedFields(pick(before), pick(after));
  if (Object.keys(changes).length > 0)
    recordChange(tdb, { entity: 'user', entityId: userId, action: 'update', changes });
  return toProfile(after);
}

export interface ChangePasswordDeps {
  throttle: LoginThrottle;
  tokens: TokenService;
}

/** Runs one step in the company's own transaction (`request.withTenant`). */
export type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

const WRONG_CURRENT = 'Current password is incorrect.';

/**
 * Changes the signed-in user's password given the current one. Wrong guesses are throttled like sign-in (a
 * borrowed session must not become a way to guess the password); the change revokes every other sign-in, so the
 * answer carries a fresh token for this one. The throttle lives in the platform schema, so it is consulted
 * between the tenant steps, never inside one (the embedded database has a single connection).
 * The slow hashing happens outside any transaction; the write is one transaction on the locked user row that
 * stores the new password only while the password checked is still the current one. So of two changes sent
 * together with the same current password, the second finds it changed and is refused.
 */
export async function changeAccountPassword(
  deps: ChangePasswordDeps,
  run: RunAsTenant,
  who: { userId: number; tenantId: string; ip: string },
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string; token: string }> {
  const row = await run((tdb) => account(tdb, who.userId));
  const key = `${who.tenantId}:${row.email_id}`;
  const { ceiling } = await deps.throttle.begin(key, who.ip);
  if (ceiling) throw ceiling;
  let isValid: boolean;
  try {
    isValid = await verifyPassword(row.password_hash, input.currentPassword);
  } catch (error) {
    // Not a verdict on the password: the attempt counts for nothing.
    await deps.throttle.release(key, who.ip);
    throw error;
  }
  if (!isValid) {
    await deps.throttle.failed(key, who.ip);
    throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  }
  await deps.throttle.succeeded(key, who.ip);
  if (input.currentPassword === input.newPassword) {
    throw badRequest('New password must be different from the current password.', {
      newPassword: 'Choose a password you do not use now.',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const version = await run(async (tdb) => {
    const locked = await findAccount(tdb, who.userId, { lock: true });
    if (!locked) throw notFound('Account not found.');
    // Changed since it was checked (another change got there first): the password given is no longer current.
    if (locked.password_hash !== row.password_hash) return null;
    // The trail names the change, never a password or its hash.
    recordChange(tdb, { entity: 'user', entityId: who.userId, action: 'password' });
    return setAccountPassword(tdb, who.userId, passwordHash);
  });
  if (version === null) throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  const token = await deps.tokens.sign({ sub: String(who.userId), tid: who.tenantId, role: row.role, ver: version });
  return { message: 'Password changed successfully!', token };
}

/** The company's tenant admins (from its own schema) and the platform's support address (from the platform's). */
export async function getHelpContacts(db: Kysely<unknown>, run: RunAsTenant): Promise<HelpContactsAnswer> {
  const admins = await run(listTenantAdmins);
  const platformEmail = await readPlatformSupportEmail(db);
  return {
    admins: admins.map((a) => ({ userName: a.user_name, emailId: a.email_id, mobileNumber: a.mobile_number })),
    platformEmail,
  };
}
