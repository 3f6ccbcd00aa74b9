import type { Tenant, TenantUser } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { MAIN_CLUSTER } from '../../db/clusters.js';
import { platformDb, type TenantDb, type TenantRecord } from '../../db/tenancy.js';
import { TENANT_SCHEMA_VERSION } from '../../db/tenant-storage.js';

export async function findClash(db: Kysely<unknown>, input: TenantRecord) {
  return platformDb(db)
    .selectFrom('tenants')
    .select(['tenant_id', 'db_name', 'db_username'])
    .where((eb) =>
      eb.or([
        eb('tenant_id', '=', input.tenantId),
        eb('db_name', '=', input.dbName),
        eb('db_username', '=', input.dbUsername),
      ]),
    )
    .executeTakeFirst();
}

export async function insertTenant(db: Kysely<unknown>, tenant: TenantRecord, demoRequestId: number | null) {
  await platformDb(db)
    .insertInto('tenants')
    .values({
      tenant_id: tenant.tenantId,
      db_name: tenant.dbName,
      db_username: tenant.dbUsername,
      demo_request_id: demoRequestId,
      schema_version: TENANT_SCHEMA_VERSION,
      cluster: tenant.cluster ?? MAIN_CLUSTER,
    })
    .execute();
}

export async function listTenants(db: Kysely<unknown>): Promise<Tenant[]> {
  const rows = await platformDb(db)
    .selectFrom('tenants')
    .select(['tenant_id', 'db_name', 'db_username', 'cluster', 'created_at'])
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    dbName: r.db_name,
    dbUsername: r.db_username,
    cluster: r.cluster,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The columns of a tenant user that may leave the server (never the password hashes). */
export const USER_COLUMNS = [
  'id',
  'user_name',
  'email_id',
  'mobile_number',
  'city',
  'role',
  'enabled',
  'created_at',
] as const;

export function toTenantUser(r: {
  id: number;
  user_name: string;
  email_id: string;
  mobile_number: string | null;
  city: string | null;
  role: 'TENANT_ADMIN' | 'USER';
  enabled: boolean;
  created_at: Date;
}): TenantUser {
  return {
    id: r.id,
    name: r.user_name,
    email: r.email_id,
    mobileNumber: r.mobile_number,
    city: r.city,
    role: r.role,
    enabled: r.enabled,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listUsers(tdb: TenantDb): Promise<TenantUser[]> {
  // Self-registered users waiting for approval are listed apart (tenant admin: pending users).
  const rows = await tdb.selectFrom('users').select(USER_COLUMNS).where('approved', '=', true).orderBy('id').execute();
  return rows.map(toTenantUser);
}
