import type { DemoLogoType, DemoRequest, DemoRequestStatus } from '@plotbook/domain';
import { type Kysely, sql } from 'kysely';
import { platformDb } from '../../db/tenancy.js';

export interface NewDemoRequest {
  name: string;
  email: string;
  mobileNumber: string;
  city: string;
  companyName: string;
  companyLocation: string;
  logo: { bytes: Uint8Array; type: DemoLogoType } | null;
}

export async function insertDemoRequest(db: Kysely<unknown>, input: NewDemoRequest): Promise<number> {
  const row = await platformDb(db)
    .insertInto('demo_requests')
    .values({
      name: input.name,
      email: input.email,
      mobile_number: input.mobileNumber,
      city: input.city,
      company_name: input.companyName,
      company_location: input.companyLocation,
      status: 'PENDING',
      logo: input.logo?.bytes ?? null,
      logo_type: input.logo?.type ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every column but the logo bytes, which are served by their own endpoint. */
function selectDemoRequests(db: Kysely<unknown>) {
  return platformDb(db)
    .selectFrom('demo_requests')
    .select([
      'id',
      'name',
      'email',
      'mobile_number',
      'city',
      'company_name',
      'company_location',
      'status',
      'tenant_id',
      'created_at',
      sql<boolean>`logo is not null`.as('has_logo'),
    ]);
}

type DemoRequestRow = Awaited<ReturnType<ReturnType<typeof selectDemoRequests>['executeTakeFirstOrThrow']>>;

const toDemoRequest = (r: DemoRequestRow): DemoRequest => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.mobile_number,
  city: r.city,
  companyName: r.company_name,
  companyLocation: r.company_location,
  status: r.status as DemoRequestStatus,
  hasLogo: Boolean(r.has_logo),
  logoUrl: r.has_logo ? `/api/admin/demo-request/${r.id}/logo` : null,
  createdDate: new Date(r.created_at).toISOString(),
  tenantId: r.tenant_id,
});

export async function listDemoRequests(db: Kysely<unknown>): Promise<DemoRequest[]> {
  const rows = await selectDemoRequests(db).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toDemoRequest);
}

export async function findDemoRequest(db: Kysely<unknown>, id: number): Promise<DemoRequest | undefined> {
  const row = await selectDemoRequests(db).where('id', '=', id).executeTakeFirst();
  return row && toDemoRequest(row);
}

export async function findDemoRequestLogo(
  db: Kysely<unknown>,
  id: number,
): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  const row = await platformDb(db)
    .selectFrom('demo_requests')
    .select(['logo', 'logo_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.logo || !row.logo_type) return undefined;
  return { bytes: row.logo, type: row.logo_type };
}

/** Sets the status unless the request is COMPLETED; undefined when no row changed (unknown or completed). */
export async function updateDemoRequestStatus(
  db: Kysely<unknown>,
  id: number,
  status: DemoRequestStatus,
): Promise<{ id: number } | undefined> {
  return platformDb(db)
    .updateTable('demo_requests')
    .set({ status })
    .where('id', '=', id)
    .where('status', '<>', 'COMPLETED')
    .returning('id')
    .executeTakeFirst();
}

/** Marks a PENDING request COMPLETED by the given tenant; undefined when it was no longer PENDING. */
export async function completeDemoRequest(
  db: Kysely<unknown>,
  id: number,
  tenantId: string,
): Promise<{ id: number } | undefined> {
  return platformDb(db)
    .updateTable('demo_requests')
    .set({ status: 'COMPLETED', tenant_id: tenantId })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
}
