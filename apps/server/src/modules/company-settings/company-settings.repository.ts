import type { AutoReminderSetting, LateInterestSetting, SaleTaxSettings } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';

const settingsQuery = fixedQuery((tdb: TenantDb) =>
  tdb
    .selectFrom('company_settings')
    .select(['tds_threshold_paise', 'tds_rate_hundredths', 'cash_limit_paise', 'cash_rule', 'rera_limit_hundredths']),
);

const lockedSettingsQuery = fixedQuery((tdb: TenantDb) =>
  tdb
    .selectFrom('company_settings')
    .select(['tds_threshold_paise', 'tds_rate_hundredths', 'cash_limit_paise', 'cash_rule', 'rera_limit_hundredths'])
    .forUpdate(),
);

/** The company's one settings row (made by 0030_sale_tax with the law's defaults); `lock` holds it for an update. */
export async function readSaleTaxSettings(
  tdb: TenantDb,
  options: { lock?: boolean } = {},
): Promise<SaleTaxSettings | undefined> {
  const [row] = await (options.lock ? lockedSettingsQuery : settingsQuery)(tdb);
  if (!row) return undefined;
  return {
    tdsThresholdPaise: row.tds_threshold_paise,
    tdsRateHundredths: row.tds_rate_hundredths,
    cashLimitPaise: row.cash_limit_paise,
    cashRule: row.cash_rule,
    reraLimitHundredths: row.rera_limit_hundredths,
  };
}

/** The settings' columns as stored (the audit trail records the changed ones). */
export const settingsColumns = (s: SaleTaxSettings) => ({
  tds_threshold_paise: s.tdsThresholdPaise,
  tds_rate_hundredths: s.tdsRateHundredths,
  cash_limit_paise: s.cashLimitPaise,
  cash_rule: s.cashRule,
  rera_limit_hundredths: s.reraLimitHundredths,
});

export async function updateSaleTaxSettings(tdb: TenantDb, settings: SaleTaxSettings, userId: number | null) {
  await tdb
    .updateTable('company_settings')
    .set({ ...settingsColumns(settings), updated_at: new Date(), updated_by: userId })
    .where('id', '=', true)
    .execute();
}

/** The collections' part of the settings row (0037_collections): late-payment interest and automatic reminders. */
export interface CollectionSettings {
  lateInterest: LateInterestSetting;
  autoReminders: AutoReminderSetting;
}

const collectionColumns = [
  'late_interest_enabled',
  'late_interest_rate_hundredths',
  'late_interest_grace_days',
  'auto_reminders_enabled',
  'remind_days_before',
  'remind_days_after',
] as const;

/** The collection settings' columns as stored (the audit trail records the changed ones). */
export const collectionSettingsColumns = (s: CollectionSettings) => ({
  late_interest_enabled: s.lateInterest.enabled,
  late_interest_rate_hundredths: s.lateInterest.rateHundredths,
  late_interest_grace_days: s.lateInterest.graceDays,
  auto_reminders_enabled: s.autoReminders.enabled,
  remind_days_before: s.autoReminders.daysBefore,
  remind_days_after: s.autoReminders.daysAfter,
});

export async function readCollectionSettings(
  tdb: TenantDb,
  options: { lock?: boolean } = {},
): Promise<CollectionSettings | undefined> {
  const query = tdb.selectFrom('company_settings').select(collectionColumns);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  return {
    lateInterest: {
      enabled: row.late_interest_enabled,
      rateHundredths: row.late_interest_rate_hundredths,
      graceDays: row.late_interest_grace_days,
    },
    autoReminders: {
      enabled: row.auto_reminders_enabled,
      daysBefore: row.remind_days_before,
      daysAfter: row.remind_days_after,
    },
  };
}

export async function updateCollectionSettings(tdb: TenantDb, settings: CollectionSettings, userId: number | null) {
  await tdb
    .updateTable('company_settings')
    .set({ ...collectionSettingsColumns(settings), updated_at: new Date(), updated_by: userId })
    .where('id', '=', true)
    .execute();
}
