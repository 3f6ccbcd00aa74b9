import type { Tenant } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { dropTenantStorage, provisionTenantStorage, runAsTenant, type TenantRecord } from '../../db/tenancy.js';
import { conflict } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mail.js';
import { createUser } from '../auth/auth.service.js';
import { findClash, insertTenant } from './tenants.repository.js';

export interface CreateTenantCommand extends TenantRecord {
  dbPassword: string;
  initialAdminEmail: string | null;
  demoRequestId: number | null;
}

/**
 * Creates a company: its role and schema, its tables, then (optionally) its first TENANT_ADMIN with a mailed
 * password, and only then the tenant row that makes its host live. Any failure removes what was made.
 */
export async function createTenant(
  db: Kysely<unknown>,
  mailer: Mailer,
  input: CreateTenantCommand,
  urls: { tenantOrigin: string },
): Promise<Tenant> {
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
      await runAsTenant(db, input, (tdb) =>
        createUser(
          tdb,
          mailer,
          { userName: 'Administrator', emailId: email, mobileNumber: null, city: null, role: 'TENANT_ADMIN' },
          { tenantId: input.tenantId, loginUrl: `${urls.tenantOrigin}/admin/login` },
        ),
      );
    }
    await insertTenant(db, input, input.demoRequestId);
  } catch (error) {
    await dropTenantStorage(db, input).catch(() => {});
    throw error;
  }
  return {
    tenantId: input.tenantId,
    dbName: input.dbName,
    dbUsername: input.dbUsername,
    createdAt: new Date().toISOString(),
  };
}
