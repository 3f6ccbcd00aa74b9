import type { PendingUser, TenantAdminSummary, TenantUser } from '@plotbook/domain';
import { afterCommit, type TenantDb } from '../../db/tenancy.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { type Mailer, secretLine } from '../../lib/mail.js';
import { generatePassword, hashPassword } from '../../lib/passwords.js';
import type { Principal } from '../../plugins/auth.js';
import { addCompanyUser } from '../auth/company-users.service.js';
import { listCompanyUsers } from '../tenants/tenants.service.js';
import {
  approvePendingUser,
  countTenantRecords,
  deletePendingUser,
  isUserEnabled,
  listPendingUsers,
  setTemporaryPassword,
  updateUserEnabled,
} from './tenant-admin.repository.js';

type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

const userNotFound = () => new AppError('NOT_FOUND', 'User not found.');

/** The company's users, and apart from them the self-registered ones waiting for approval. */
export const getUsers = (tdb: TenantDb): Promise<TenantUser[]> => listCompanyUsers(tdb);
export const getPendingUsers = (tdb: TenantDb): Promise<PendingUser[]> => listPendingUsers(tdb);

/** A user the tenant admin adds: active at once; a blank password is generated and mailed with the login address. */
export const addUser = addCompanyUser;

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
  const was = await isUserEnabled(tdb, userId);
  const user = await updateUserEnabled(tdb, userId, enabled);
  if (!user) throw userNotFound();
  const changes = changedFields({ enabled: was ?? null }, { enabled });
  if (Object.keys(changes).length > 0)
    recordChange(tdb, { entity: 'user', entityId: userId, action: 'update', changes });
  return user;
}

/**
 * Gives a user a new temporary password that must be changed at the next sign-in, ends their sessions and
 * mails it to them once the change is committed (see afterCommit). The super admin resets only a company's
 * tenant admins (`role`), and the mail says who reset it (`resetBy`).
 */
export async function resetUserPassword(
  run: RunAsTenant,
  mailer: Mailer,
  userId: number,
  context: { tenantId: string; origin: string; role?: 'TENANT_ADMIN'; resetBy?: string; notFound?: () => Error },
): Promise<{ message: string }> {
  const temporary = generatePassword();
  const passwordHash = await hashPassword(temporary);
  const user = await run(async (tdb) => {
    const user = await setTemporaryPassword(tdb, userId, passwordHash, context.role);
    if (!user) throw (context.notFound ?? userNotFound)();
    recordChange(tdb, { entity: 'user', entityId: userId, action: 'password', reason: context.resetBy ?? null });
    const loginUrl = `${context.origin}${user.role === 'TENANT_ADMIN' ? '/admin/login' : '/login'}`;
    afterCommit(tdb, () =>
      mailer.send({
        to: user.email,
        subject: `Your new Plotbook password for ${context.tenantId}`,
        lines: [
          `Hello ${user.name},`,
          '',
          context.resetBy ?? `Your administrator at ${context.tenantId} has reset your Plotbook password.`,
          secretLine`Temporary password: ${temporary}`,
          '',
          `Sign in at ${loginUrl}; you will be asked to choose a new password.`,
        ],
      }),
    );
    return user;
  });
  return { message: `A temporary password was emailed to ${user.email}. They must choose a new one at sign-in.` };
}

export async function getSummary(tdb: TenantDb, tenantId: string): Promise<TenantAdminSummary> {
  return { tenantId, ...(await countTenantRecords(tdb)) };
}

const pendingNotFound = () => new AppError('NOT_FOUND', 'No registration is waiting with this id.');

/**
 * Approves a self-registered user and tells them by mail. The approval stands even if the mail fails: it is
 * committed first (the mail goes after the commit), and the admin is told to let the user know.
 */
export async function approveUser(
  run: RunAsTenant,
  mailer: Mailer,
  userId: number,
  context: { tenantId: string; origin: string },
): Promise<{ message: string }> {
  let mailed = true;
  const user = await run(async (tdb) => {
    const user = await approvePendingUser(tdb, userId);
    if (!user) throw pendingNotFound();
    recordChange(tdb, { entity: 'user', entityId: userId, action: 'approve', changes: { approved: [false, true] } });
    const verify = user.emailVerified
      ? []
      : ['First open the link in the email we sent you when you registered, to verify your email.'];
    afterCommit(tdb, () =>
      mailer
        .send({
          to: user.email,
          subject: `Your Plotbook account for ${context.tenantId} is approved`,
          lines: [
            `Hello ${user.name},`,
            '',
            `Your administrator at ${context.tenantId} has approved your Plotbook account.`,
            ...verify,
            `Sign in at ${context.origin}/login.`,
          ],
        })
        .catch(() => {
          mailed = false;
        }),
    );
    return user;
  });
  if (!mailed) {
    return { message: `${user.email} is approved. The email to tell them could not be sent; please let them know.` };
  }
  return {
    message: `${user.email} is approved and can sign in${user.emailVerified ? '' : ' once their email is verified'}.`,
  };
}

/** Rejects a self-registration: the pending user is removed. */
export async function rejectUser(tdb: TenantDb, userId: number): Promise<{ message: string }> {
  const user = await deletePendingUser(tdb, userId);
  if (!user) throw pendingNotFound();
  recordChange(tdb, { entity: 'user', entityId: userId, action: 'delete', changes: { email_id: [user.email, null] } });
  return { message: `The registration of ${user.email} was rejected.` };
}
