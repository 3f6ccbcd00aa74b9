import type { Role } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { platformDb, type TenantDb } from '../../db/tenancy.js';
import type { PlatformTables, TenantTables, UsersTable } from '../../db/types.js';
import { recordChange } from '../../lib/audit.js';
import { countUnknownEmailFailures } from '../audit/audit.repository.js';

export interface Account {
  id: number;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  tempPasswordHash: string | null;
  tempPasswordExpiresAt: Date | null;
  resetPasswordRequired: boolean;
  tokenVersion: number;
  enabled: boolean;
  emailVerified: boolean;
  approved: boolean;
}

/** Where accounts live: tenant users in the tenant schema, super admins in the platform schema. */
export interface AccountStore {
  readonly tenantId: string | null;
  findByEmail(email: string): Promise<Account | undefined>;
  /** Sets a new password, clears any temporary one and bumps the token version (revoking older tokens). */
  setPassword(id: number, passwordHash: string, resetRequired: boolean): Promise<number>;
  /**
   * Stores a temporary password unless the account holds one that expires after `keepIfExpiringAfter` (one
   * issued a short while ago, which is kept); whether it was stored. One statement, so of many requests at once
   * only one stores.
   */
  setTempPassword(id: number, passwordHash: string, expiresAt: Date, keepIfExpiringAfter: Date): Promise<boolean>;
  /**
   * Records a sign-in or a failed one in the company's audit trail, in a transaction of its own (so a failed
   * attempt's row stays although its request fails): `account` when the email is one of the company's. A failure
   * for an email that is no account's is not recorded once its address (`ip`) has `FAILED_SIGN_IN_TRAIL_CAP` such
   * rows in the last `FAILED_SIGN_IN_TRAIL_WINDOW_MS` (see there).
   */
  recordSignIn(attempt: {
    account: Account | undefined;
    email: string;
    failure: string | null;
    ip: string;
  }): Promise<void>;
}

/**
 * The failed sign-ins for an email that is no account's that one address may add to a company's trail in a window.
 * The login throttle counts per (email, address), so a new made-up email each time passes it, and each attempt
 * would add a row: without a cap an anonymous client grows the trail (which is never pruned) without bound. A
 * wrong password for a real account is capped by the throttle itself (a few free, then a doubling wait; a 429
 * writes no row). The platform's host caps its own trail's failed sign-ins alike (`masterLogin`, auth.service.ts). Beyond the cap the attempt is answered the same, only not recorded: the rows already there show
 * the address at work.
 */
export const FAILED_SIGN_IN_TRAIL_CAP = 20;
export const FAILED_SIGN_IN_TRAIL_WINDOW_MS = 15 * 60 * 1000;

type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

export function tenantAccounts(tenantId: string, run: RunAsTenant): AccountStore {
  return {
    tenantId,
    findByEmail: (email) =>
      run(async (tdb) => {
        const row = await tdb.selectFrom('users').selectAll().where('email_id', '=', email).executeTakeFirst();
        return (
          row && {
            id: row.id,
            name: row.user_name,
            email: row.email_id,
            role: row.role,
            passwordHash: row.password_hash,
            tempPasswordHash: row.temp_password_hash,
            tempPasswordExpiresAt: row.temp_password_expires_at,
            resetPasswordRequired: row.reset_password_required,
            tokenVersion: row.token_version,
            enabled: row.enabled,
            emailVerified: row.email_verified,
            approved: row.approved,
          }
        );
      }),
    // A company's user rows are written here (the store is the sign-in services' only way to them), so their
    // trail rows are recorded here too, in the same transaction: the change, never a password or its hash.
    setPassword: (id, passwordHash, resetRequired) =>
      run(async (tdb) => {
        const version = await storePassword(passwordsOf(tdb), 'users', id, passwordHash, resetRequired);
        // Only the account's owner sets it here (the old or the mailed temporary password proved it): theirs.
        const owner = await tdb.selectFrom('users').select('user_name').where('id', '=', id).executeTakeFirst();
        const by = { userId: id, userName: owner?.user_name ?? null };
        recordChange(tdb, { entity: 'user', entityId: id, action: 'password', by });
        return version;
      }),
    setTempPassword: (id, passwordHash, expiresAt, keepIfExpiringAfter) =>
      run(async (tdb) => {
        const stored = await storeTempPassword(
          passwordsOf(tdb),
          'users',
          id,
          passwordHash,
          expiresAt,
          keepIfExpiringAfter,
        );
        if (stored) {
          const reason = 'Forgot password: a temporary password was mailed.';
          recordChange(tdb, { entity: 'user', entityId: id, action: 'password', reason });
        }
        return stored;
      }),
    recordSignIn: ({ account, email, failure, ip }) =>
      run(async (tdb) => {
        if (failure !== null && !account) {
          const since = new Date(Date.now() - FAILED_SIGN_IN_TRAIL_WINDOW_MS);
          if ((await countUnknownEmailFailures(tdb, ip, since, FAILED_SIGN_IN_TRAIL_CAP)) >= FAILED_SIGN_IN_TRAIL_CAP)
            return;
        }
        const by = failure === null && account ? { userId: account.id, userName: account.name } : undefined;
        recordChange(tdb, {
          entity: 'session',
          entityId: account?.id ?? null,
          action: failure === null ? 'sign-in' : 'sign-in-failed',
          changes: { email_id: [null, email] },
          reason: failure,
          ...(by ? { by } : {}),
        });
      }),
  };
}

export function platformAccounts(db: Kysely<unknown>): AccountStore {
  const pdb = () => platformDb(db);
  return {
    tenantId: null,
    async findByEmail(email) {
      const row = await pdb().selectFrom('platform_admins').selectAll().where('email', '=', email).executeTakeFirst();
      return (
        row && {
          id: row.id,
          name: row.name,
          email: row.email,
          role: 'SUPER_ADMIN' as const,
          passwordHash: row.password_hash,
          tempPasswordHash: row.temp_password_hash,
          tempPasswordExpiresAt: row.temp_password_expires_at,
          resetPasswordRequired: row.reset_password_required,
          tokenVersion: row.token_version,
          enabled: true,
          emailVerified: true,
          approved: true,
        }
      );
    },
    setPassword: (id, passwordHash, resetRequired) =>
      storePassword(passwordsOf(pdb()), 'platform_admins', id, passwordHash, resetRequired),
    setTempPassword: (id, passwordHash, expiresAt, keepIfExpiringAfter) =>
      storeTempPassword(passwordsOf(pdb()), 'platform_admins', id, passwordHash, expiresAt, keepIfExpiringAfter),
    // The platform's own trail (super admins' sign-ins) is not a company's: not recorded here.
    recordSignIn: async () => {},
  };
}

/** The password columns tenant users and platform admins share, so one writer serves both tables. */
type PasswordColumns = Pick<
  UsersTable,
  | 'id'
  | 'password_hash'
  | 'reset_password_required'
  | 'temp_password_hash'
  | 'temp_password_expires_at'
  | 'token_version'
>;
type PasswordTable = 'users' | 'platform_admins';
type Passwords = Kysely<Record<PasswordTable, PasswordColumns>>;
const passwordsOf = (handle: Kysely<TenantTables> | Kysely<PlatformTables>) => handle as unknown as Passwords;

/** AccountStore.setPassword for either table. */
async function storePassword(
  db: Passwords,
  table: PasswordTable,
  id: number,
  passwordHash: string,
  resetRequired: boolean,
): Promise<number> {
  const row = await db
    .updateTable(table)
    .set((eb) => ({
      password_hash: passwordHash,
      reset_password_required: resetRequired,
      temp_password_hash: null,
      temp_password_expires_at: null,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** AccountStore.setTempPassword for either table. */
async function storeTempPassword(
  db: Passwords,
  table: PasswordTable,
  id: number,
  passwordHash: string,
  expiresAt: Date,
  keepIfExpiringAfter: Date,
): Promise<boolean> {
  const row = await db
    .updateTable(table)
    .set({ temp_password_hash: passwordHash, temp_password_expires_at: expiresAt })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('temp_password_expires_at', 'is', null), eb('temp_password_expires_at', '<=', keepIfExpiringAfter)]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  userName: string;
  emailId: string;
  mobileNumber: string | null;
  city: string | null;
  passwordHash: string;
  role: 'TENANT_ADMIN' | 'USER';
  resetPasswordRequired: boolean;
  /** A self-registered user waits for a tenant admin (default: active at once). */
  pending?: { emailVerificationHash: string | null; emailVerificationExpiresAt: Date | null };
}

/** Inserts a tenant user; returns undefined when the email is already taken (no exception, no aborted tx). */
export async function insertUser(tdb: TenantDb, user: NewUser): Promise<{ id: number } | undefined> {
  return tdb
    .insertInto('users')
    .values({
      user_name: user.userName,
      email_id: user.emailId,
      mobile_number: user.mobileNumber,
      city: user.city,
      password_hash: user.passwordHash,
      role: user.role,
      reset_password_required: user.resetPasswordRequired,
      ...(user.pending
        ? {
            approved: false,
            email_verified: user.pending.emailVerificationHash === null,
            email_verification_hash: user.pending.emailVerificationHash,
            email_verification_expires_at: user.pending.emailVerificationExpiresAt,
          }
        : {}),
    })
    .onConflict((oc) => oc.column('email_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Marks the email of the user holding this (unexpired) verification token as verified; their id, if any. */
export async function verifyEmail(tdb: TenantDb, tokenHash: string, now: Date): Promise<number | undefined> {
  const row = await tdb
    .updateTable('users')
    .set({ email_verified: true, email_verification_hash: null, email_verification_expires_at: null })
    .where('email_verification_hash', '=', tokenHash)
    .where('email_verification_expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Removes a user (a registration whose mail could not be sent). */
export async function deleteUser(tdb: TenantDb, userId: number): Promise<void> {
  await tdb.deleteFrom('users').where('id', '=', userId).execute();
}
