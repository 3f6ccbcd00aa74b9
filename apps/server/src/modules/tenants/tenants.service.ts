import type { CreatedTenant, createTenantUserSchema, DemoRequest, Tenant, TenantUser } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { placeCompany } from '../../db/clusters.js';
import { runAsTenant, type TenantDb, type TenantRecord } from '../../db/tenancy.js';
import { dropTenantStorage, provisionTenantStorage } from '../../db/tenant-storage.js';
import { conflict } from '../../lib/app-error.js';
import type { Actor } from '../../lib/audit.js';
import { type Mailer, PASSWORD_NOT_MAILED } from '../../lib/mail.js';
import { recordPlatformChange, tenantUserRecord } from '../../lib/platform-audit.js';
import { addCompanyUser, asCompany } from '../auth/company-users.service.js';
import { createUser } from '../auth/new-users.service.js';
import {
  findPendingDemoRequest,
  mailRequesterTenantReady,
  markDemoRequestCompleted,
} from '../demo-requests/demo-requests.service.js';
import { findClash, insertTenant, listTenants, listUsers } from './tenants.repository.js';

export interface CreateTenantCommand extends Omit<TenantRecord, 'cluster'> {
  dbPassword: string;
  initialAdminEmail: string | null;
  demoRequestId: number | null;
  /** The cluster named by the super admin, or null: the one with the fewest companies (db/clusters.ts). */
  cluster: string | null;
}

/** The requester's own name when they are the first admin; a neutral one for anyone else. */
function initialAdminName(email: string, demoRequest: DemoRequest | null): string {
  return demoRequest && demoRequest.email.toLowerCase() === email.toLowerCase() ? demoRequest.name : 'Administrator';
}

/**
 * Creates a company: placed on a cluster (the one named, or the one with the fewest companies), its role and
 * schema there, its tables, then (optionally) its first TENANT_ADMIN with a mailed
 * password, and only then the tenant row that makes its host live. Any failure removes what was made.
 * Created from a demo request, the request must be PENDING; it becomes COMPLETED in the same transaction as
 * the tenant row, and its requester is then mailed how to sign in. The platform trail records the company (and the
 * request completed) in that transaction.
 */
export async function createTenant(
  db: Kysely<unknown>,
  mailer: Mailer,
  command: CreateTenantCommand,
  urls: { tenantOrigin: string },
  actor: Actor,
): Promise<CreatedTenant> {
  const input = { ...command, cluster: await placeCompany(db, command.cluster) };
  const demoRequest = input.demoRequestId ? await findPendingDemoRequest(db, input.demoRequestId) : null;
  const clash = await findClash(db, input);
  if (clash?.tenant_id === input.tenantId)
    throw conflict('Tenant ID already exists.', { tenantId: 'Tenant ID already exists.' });
  if (clash?.db_name === input.dbName)
    throw conflict('Database name is already in use.', { dbName: 'Database name is already in use.' });
  if (clash) throw conflict('DB username is already in use.', { dbUsername: 'DB username is already in use.' });

  await provisionTenantStorage(db, input);
  try {
    if (input.initialAdminEmail) {
      const email = input.initialAdminEmail;
      await createUser(
        (fn) => runAsTenant(db, input, fn),
        mailer,
        {
          userName: initialAdminName(email, demoRequest),
          emailId: email,
          mobileNumber: null,
          city: null,
          role: 'TENANT_ADMIN',
        },
        { tenantId: input.tenantId, loginUrl: `${urls.tenantOrigin}/admin/login` },
      );
    }
    await db.transaction().execute(async (trx) => {
      await insertTenant(trx, input, input.demoRequestId);
      await recordPlatformChange(trx, actor, {
        entity: 'tenant',
        entityId: input.tenantId,
        action: 'create',
        changes: {
          db_name: [null, input.dbName],
          db_username: [null, input.dbUsername],
          initial_admin_email: [null, input.initialAdminEmail],
          demo_request_id: [null, input.demoRequestId],
          cluster: [null, input.cluster],
        },
      });
      if (demoRequest) await markDemoRequestCompleted(trx, demoRequest.id, input.tenantId, actor);
    });
  } catch (error) {
    await dropTenantStorage(db, input).catch(() => {});
    throw error;
  }
  if (demoRequest) {
    // The company exists now; a failed courtesy mail (already logged by the mailer) must not report failure.
    await mailRequesterTenantReady(mailer, demoRequest, {
      tenantId: input.tenantId,
      tenantOrigin: urls.tenantOrigin,
      initialAdminEmail: input.initialAdminEmail,
    }).catch(() => {});
  }
  return {
    tenantId: input.tenantId,
    dbName: input.dbName,
    dbUsername: input.dbUsername,
    cluster: input.cluster,
    createdAt: new Date().toISOString(),
    notice: input.initialAdminEmail && mailer.transport === 'outbox' ? PASSWORD_NOT_MAILED : null,
  };
}

/** A company's approved users (self-registered users waiting for approval are listed apart). */
export const listCompanyUsers = (tdb: TenantDb): Promise<TenantUser[]> => listUsers(tdb);

/** Every company of the platform (the super admin's list). */
export const listAllTenants = (db: Kysely<unknown>): Promise<Tenant[]> => listTenants(db);

/** The approved users of a company the super admin names. */
export const listUsersOf = (db: Kysely<unknown>, tenant: TenantRecord): Promise<TenantUser[]> =>
  runAsTenant(db, tenant, listCompanyUsers);

/**
 * A user the super admin adds to a company: active at once, mailed their login address; recorded in the platform
 * trail once the company's transaction committed.
 */
export async function addUserTo(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  mailer: Mailer,
  input: z.output<typeof createTenantUserSchema>,
  loginUrl: string,
  actor: Actor,
) {
  const created = await addCompanyUser(asCompany(db, tenant), mailer, input, { tenantId: tenant.tenantId, loginUrl });
  await recordPlatformChange(db, actor, {
    entity: 'tenant-user',
    entityId: tenantUserRecord(tenant.tenantId, created.id),
    action: 'create',
    changes: { user_name: [null, input.name], email_id: [null, input.email], role: [null, input.role] },
  });
  return created;
}
