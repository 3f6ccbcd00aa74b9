import type { SaleTaxSettings } from '@plotbook/domain';
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
