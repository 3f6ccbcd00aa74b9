import type { OutboxMessage, PlatformSettings, TenantAdmin } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import { listTenantRecords, runAsTenant } from '../../db/tenancy.js';
import type { Mailer } from '../../lib/mail.js';
import { countTenants, listAdminsOfTenant, listOutbox } from './platform.repository.js';

const OUTBOX_PAGE = 100;

/** Every tenant's TENANT_ADMINs, read tenant by tenant, each in its own schema and as its own role. */
export async function listAllTenantAdmins(db: Kysely<unknown>): Promise<TenantAdmin[]> {
  const admins: TenantAdmin[] = [];
  for (const tenant of await listTenantRecords(db)) {
    const rows = await runAsTenant(db, tenant, listAdminsOfTenant);
    for (const r of rows) {
      admins.push({
        tenantId: tenant.tenantId,
        id: r.id,
        name: r.user_name,
        email: r.email_id,
        createdAt: new Date(r.created_at).toISOString(),
        enabled: r.enabled,
      });
    }
  }
  return admins;
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

/** The newest outbox messages (mail kept when no SMTP server is configured). */
export function getOutbox(db: Kysely<unknown>): Promise<OutboxMessage[]> {
  return listOutbox(db, OUTBOX_PAGE);
}
