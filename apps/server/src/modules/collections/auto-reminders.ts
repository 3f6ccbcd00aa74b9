import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { platformDb, runAsTenant, TENANT_RECORD_COLUMNS, type TenantRecord, tenantRecordOf } from '../../db/tenancy.js';
import type { BackgroundTasks } from '../../lib/background.js';
import type { Mailer } from '../../lib/mail.js';
import { recordFailedReminders, runCompanyAutoReminders } from './reminders.service.js';

/** Every migrated company (a company still being migrated, or being moved, is left for the next run). */
async function companies(db: Kysely<unknown>): Promise<TenantRecord[]> {
  const rows = await platformDb(db)
    .selectFrom('tenants')
    .select(TENANT_RECORD_COLUMNS)
    .where('schema_version', 'is not', null)
    .where('moving_to', 'is', null)
    .orderBy('tenant_id')
    .execute();
  return rows.map(tenantRecordOf);
}

export interface AutoReminderRun {
  tenantId: string;
  /** Mails sent, or 'locked' when another server held the company's reminders lock (it was sending). */
  mails: number | 'locked';
}

/**
 * One run of the automatic reminders over every company, each in its own transaction under the company's
 * PostgreSQL advisory lock (`runCompanyAutoReminders`): several servers run this on their own timers, and an
 * installment's reminder goes out once, whichever server gets there first. A company's failure is logged and the
 * others still run.
 */
export async function runAutoReminders(
  db: Kysely<unknown>,
  mailer: Mailer,
  now: Date,
  log: FastifyBaseLogger,
  isUpdating: (tenantId: string) => boolean = () => false,
): Promise<AutoReminderRun[]> {
  const runs: AutoReminderRun[] = [];
  for (const tenant of await companies(db)) {
    if (isUpdating(tenant.tenantId)) continue;
    try {
      // A mail that fails after the commit marks its reminders failed in a transaction of its own: the next run retries.
      const markFailed = (ids: readonly number[]) =>
        runAsTenant(db, tenant, (tdb) => recordFailedReminders(tdb, ids, now));
      const mails = await runAsTenant(db, tenant, (tdb) => runCompanyAutoReminders(tdb, mailer, now, markFailed));
      runs.push({ tenantId: tenant.tenantId, mails: mails === false ? 'locked' : mails });
      if (mails) log.info({ tenant: tenant.tenantId, mails }, 'automatic reminders sent');
    } catch (error) {
      log.error({ err: error, tenant: tenant.tenantId }, 'automatic reminders failed');
    }
  }
  return runs;
}

/**
 * Runs the automatic reminders every `everyMs` inside the server (as background work the app's close waits for);
 * a run still going when the next is due is not doubled. Stopped when the app closes.
 */
export function scheduleAutoReminders(options: {
  everyMs: number;
  background: BackgroundTasks;
  run: () => Promise<unknown>;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    options.background.run('automatic reminders', () => options.run().finally(() => (running = false)));
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
