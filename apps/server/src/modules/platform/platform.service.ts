import type {
  CreateTenantAdminInput,
  LockedAccount,
  OutboxMessage,
  PlatformSettings,
  TenantAdmin,
} from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { runAsTenant, type TenantRecord } from '../../db/tenancy.js';
import { listTenantRecords } from '../../db/tenant-storage.js';
import { notFound } from '../../lib/app-error.js';
import type { Actor } from '../../lib/audit.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { type Mailer, PASSWORD_NOT_MAILED } from '../../lib/mail.js';
import { recordPlatformChange, tenantUserRecord } from '../../lib/platform-audit.js';
import { createUser } from '../auth/new-users.service.js';
import { resetUserPassword } from '../tenant-admin/tenant-admin.service.js';
import {
  countTenants,
  listAdminsOfTenant,
  listOutbox,
  lockAdminEnabled,
  updateAdminEnabled,
} from './platform.repository.js';

const OUTBOX_PAGE = 100;

/** Every tenant's TENANT_ADMINs, read tenant by tenant, each in its own schema and as its own role. */
export async function listAllTenantAdmins(db: Kysely<unknown>): Promise<TenantAdmin[]> {
  const admins: TenantAdmin[] = [];
  for (const tenant of await listTenantRecords(db)) {
    const rows = await runAsTenant(db, tenant, listAdminsOfTenant);
    for (const r of rows) admins.push(toTenantAdmin(tenant.tenantId, r));
  }
  return admins;
}

function toTenantAdmin(
  tenantId: string,
  r: { id: number; user_name: string; email_id: string; enabled: boolean; created_at: Date },
): TenantAdmin {
  return {
    tenantId,
    id: r.id,
    name: r.user_name,
    email: r.email_id,
    createdAt: new Date(r.created_at).toISOString(),
    enabled: r.enabled,
  };
}

/** Only TENANT_ADMINs are reachable here: a USER's id answers the same as an unknown one. */
const adminNotFound = () => notFound('Tenant admin not found.');

/**
 * Adds a TENANT_ADMIN to a company with a generated password that is mailed and must be changed at the first
 * sign-in, as the first admin made with the company is. Recorded in the platform trail once the company's
 * transaction committed (as every write below made in a company's transaction: its role cannot reach the platform).
 */
export async function createTenantAdmin(
  db: Kysely<unknown>,
  mailer: Mailer,
  tenant: TenantRecord,
  input: Omit<CreateTenantAdminInput, 'tenantId'>,
  urls: { tenantOrigin: string },
  actor: Actor,
): Promise<{ tenantId: string; id: number; message: string }> {
  const created = await createUser(
    (fn) => runAsTenant(db, tenant, fn),
    mailer,
    { userName: input.name, emailId: input.email, mobileNumber: null, city: null, role: 'TENANT_ADMIN' },
    { tenantId: tenant.tenantId, loginUrl: `${urls.tenantOrigin}/admin/login` },
  );
  await recordPlatformChange(db, actor, {
    entity: 'tenant-admin',
    entityId: tenantUserRecord(tenant.tenantId, created.id),
    action: 'create',
    changes: { user_name: [null, input.name], email_id: [null, input.email] },
  });
  return {
    tenantId: tenant.tenantId,
    id: created.id,
    message: `Tenant admin created. A password was emailed to ${input.email}; it must be changed at first sign-in.`,
  };
}

export async function setTenantAdminEnabled(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  id: number,
  enabled: boolean,
  actor: Actor,
): Promise<TenantAdmin> {
  const change = await runAsTenant(db, tenant, async (tdb) => {
    const before = await lockAdminEnabled(tdb, id);
    if (before === undefined) return undefined;
    return { before, row: await updateAdminEnabled(tdb, id, enabled) };
  });
  if (!change?.row) throw adminNotFound();
  await recordPlatformChange(db, actor, {
    entity: 'tenant-admin',
    entityId: tenantUserRecord(tenant.tenantId, id),
    action: 'status',
    changes: { enabled: [change.before, enabled] },
  });
  return toTenantAdmin(tenant.tenantId, change.row);
}

/**
 * Mails a TENANT_ADMIN a new temporary password that must be changed at the next sign-in, once the change is
 * committed (see afterCommit).
 */
export async function resetTenantAdminPassword(
  db: Kysely<unknown>,
  mailer: Mailer,
  tenant: TenantRecord,
  id: number,
  urls: { tenantOrigin: string },
  actor: Actor,
): Promise<{ message: string }> {
  const reset = await resetUserPassword((fn) => runAsTenant(db, tenant, fn), mailer, id, {
    tenantId: tenant.tenantId,
    origin: urls.tenantOrigin,
    role: 'TENANT_ADMIN',
    resetBy: `The Plotbook platform administrator has reset your password for ${tenant.tenantId}.`,
    notFound: adminNotFound,
  });
  await recordPlatformChange(db, actor, {
    entity: 'tenant-admin',
    entityId: tenantUserRecord(tenant.tenantId, id),
    action: 'password',
    reason: 'Temporary password mailed; to be changed at the next sign-in',
  });
  return mailer.transport === 'outbox' ? { message: `The password was reset. ${PASSWORD_NOT_MAILED}` } : reset;
}

export async function getSettings(
  db: Kysely<unknown>,
  mailer: Mailer,
  config: { baseDomain: string; mailFrom: string },
): Promise<PlatformSettings> {
  return {
    baseDomain: config.baseDomain,
    mailTransport: mailer.transport,
    mailFrom: config.mailFrom,
    tenants: await countTenants(db),
  };
}

/** Accounts whose failed sign-ins reached the ceiling, named by company and email (see auth's throttleKey). */
export async function listLockedAccounts(throttle: LoginThrottle): Promise<LockedAccount[]> {
  return (await throttle.locked()).map((row) => {
    const split = row.account.indexOf(':');
    const scope = row.account.slice(0, split);
    return {
      account: row.account,
      tenantId: scope === 'platform' ? null : scope,
      email: row.account.slice(split + 1),
      failures: row.failures,
      lockedUntil: row.lockedUntil.toISOString(),
    };
  });
}

/** Lets new devices try an account again (the guessers' own per-address waits stay); recorded in the trail. */
export async function unlockAccount(
  db: Kysely<unknown>,
  throttle: LoginThrottle,
  account: string,
  actor: Actor,
): Promise<{ message: string }> {
  if (!(await throttle.unlock(account))) throw notFound('This account is not locked (any more).');
  await recordPlatformChange(db, actor, { entity: 'account', entityId: account, action: 'unlock' });
  return { message: 'Unlocked. New devices may sign in to this account again.' };
}

/** The newest outbox messages (mail kept when no SMTP server is configured). */
export function getOutbox(db: Kysely<unknown>): Promise<OutboxMessage[]> {
  return listOutbox(db, OUTBOX_PAGE);
}
