import type { TenantAdminSummary, TenantUser } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mail.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { Principal } from '../../plugins/auth.js';
import { countTenantRecords, setTemporaryPassword, updateUserEnabled } from './tenant-admin.repository.js';

type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

const userNotFound = () => new AppError('NOT_FOUND', 'User not found.');

/** Disables or re-enables a user of the admin's tenant. An admin may not lock themself out. */
export async function setUserEnabled(
  tdb: TenantDb,
  actor: Principal,
  userId: number,
  enabled: boolean,
): Promise<TenantUser> {
  if (!enabled && userId === actor.userId) {
    throw badRequest('You cannot disable your own account.', { enabled: 'You cannot disable your own account.' });
  }
  const user = await updateUserEnabled(tdb, userId, enabled);
  if (!user) throw userNotFound();
  return user;
}

/**
 * Gives a user a new temporary password that must be changed at the next sign-in, ends their sessions and
 * mails it to them. The mail is sent after the change is committed: the outbox mailer writes through its own
 * connection, which an open transaction on the one-connection embedded database would block.
 */
export async function resetUserPassword(
  run: RunAsTenant,
  mailer: Mailer,
  userId: number,
  context: { tenantId: string; origin: string },
): Promise<{ message: string }> {
  const temporary = generatePassword();
  const passwordHash = await hashPassword(temporary);
  const user = await run((tdb) => setTemporaryPassword(tdb, userId, passwordHash));
  if (!user) throw userNotFound();
  const loginUrl = `${context.origin}${user.role === 'TENANT_ADMIN' ? '/admin/login' : '/login'}`;
  await mailer.send({
    to: user.email,
    subject: `Your new Plotbook password for ${context.tenantId}`,
    text: [
      `Hello ${user.name},`,
      '',
      `Your administrator at ${context.tenantId} has reset your Plotbook password.`,
      `Temporary password: ${temporary}`,
      '',
      `Sign in at ${loginUrl}; you will be asked to choose a new password.`,
    ].join('\n'),
  });
  return { message: `A temporary password was emailed to ${user.email}. They must choose a new one at sign-in.` };
}

export async function getSummary(tdb: TenantDb, tenantId: string): Promise<TenantAdminSummary> {
  return { tenantId, ...(await countTenantRecords(tdb)) };
}
