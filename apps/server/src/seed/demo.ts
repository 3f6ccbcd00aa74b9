import type { Kysely } from 'kysely';
import { runAsTenant, type TenantRecord } from '../db/tenancy.js';
import { provisionTenantStorage } from '../db/tenant-storage.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/auth/auth.repository.js';
import { findClash, insertTenant } from '../modules/tenants/tenants.repository.js';
import { seedBusinessData } from './demo-data.js';
import { seedDemoProfile } from './demo-profile.js';
import { seedDemoTrail } from './demo-trail.js';

export const DEMO_TENANT: TenantRecord = { tenantId: 'demo', dbName: 'demo', dbUsername: 'demo_app' };
export const DEMO_USERS = [
  { userName: 'Demo User', emailId: 'demo@example.com', password: 'demo1234', role: 'USER' as const },
  { userName: 'Demo Owner', emailId: 'owner@example.com', password: 'owner1234', role: 'TENANT_ADMIN' as const },
];

/** Creates the `demo` company with a user, an admin and realistic business data. Does nothing if it exists. */
export async function seedDemoTenant(db: Kysely<unknown>): Promise<boolean> {
  if (await findClash(db, DEMO_TENANT)) return false;
  await provisionTenantStorage(db, { ...DEMO_TENANT, dbPassword: 'demo-password-not-for-login' });
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  const ids = await runAsTenant(db, DEMO_TENANT, async (tdb) => {
    const ids: number[] = [];
    for (const [i, user] of DEMO_USERS.entries()) {
      const inserted = await insertUser(tdb, {
        ...user,
        mobileNumber: '9876543210',
        city: 'Nagpur',
        passwordHash: hashes[i] as string,
        resetPasswordRequired: false,
      });
      if (inserted) ids.push(inserted.id);
    }
    // The owner's letterhead first, so the receipts are numbered in its series; the clerk records the sales and receipts.
    await seedDemoProfile(tdb, ids[1] as number);
    await seedBusinessData(tdb, { userId: ids[0] as number });
    return ids;
  });
  // Then a few days of work through the services, so the audit trail names people, reasons and changes.
  await seedDemoTrail(db, DEMO_TENANT, {
    clerk: { id: ids[0] as number, name: DEMO_USERS[0]?.userName ?? '' },
    owner: { id: ids[1] as number, name: DEMO_USERS[1]?.userName ?? '' },
  });
  await insertTenant(db, DEMO_TENANT, null);
  return true;
}
