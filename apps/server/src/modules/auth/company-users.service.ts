import type { createTenantUserSchema } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { runAsTenant, type TenantDb, type TenantRecord } from '../../db/tenancy.js';
import type { Mailer } from '../../lib/mail.js';
import { type AccountStore, platformAccounts, tenantAccounts } from './auth.repository.js';
import { createUser } from './new-users.service.js';

type RunAsTenant = <T>(fn: (tdb: TenantDb) => Promise<T>) => Promise<T>;

/** The accounts a host signs in: a company's users (in the request's company transaction) or the platform's admins. */
export function accountStore(tenantId: string | null, withTenant: RunAsTenant, db: Kysely<unknown>): AccountStore {
  return tenantId ? tenantAccounts(tenantId, withTenant) : platformAccounts(db);
}

/** Runs work as a company named in a platform route's path (its role and schema, one transaction). */
export const asCompany =
  (db: Kysely<unknown>, tenant: TenantRecord): RunAsTenant =>
  (fn) =>
    runAsTenant(db, tenant, fn);

/** A user an admin adds to a company (the tenant admin or the super admin): active at once, mailed their login. */
export function addCompanyUser(
  run: RunAsTenant,
  mailer: Mailer,
  input: z.output<typeof createTenantUserSchema>,
  context: { tenantId: string; loginUrl: string },
) {
  const { name, email, password, mobileNumber, city, role } = input;
  return createUser(run, mailer, { userName: name, emailId: email, password, mobileNumber, city, role }, context);
}
