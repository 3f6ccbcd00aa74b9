import {
  type CollectionSettingsDto,
  type CompanySettingsAnswer,
  DEFAULT_AUTO_REMINDERS,
  DEFAULT_LATE_INTEREST,
  DEFAULT_SALE_TAX_SETTINGS,
  percentHundredths,
  type SaleTaxSettings,
  toPaise,
  type UpdateCollectionSettingsInput,
  type UpdateCompanySettings,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import {
  type CollectionSettings,
  collectionSettingsColumns,
  readCollectionSettings,
  readSaleTaxSettings,
  settingsColumns,
  updateCollectionSettings,
  updateSaleTaxSettings,
} from './company-settings.repository.js';

export type { CollectionSettings } from './company-settings.repository.js';

/**
 * The company's tax and cash rules of a plot sale (s.194-IA TDS, s.269SS/269T cash, RERA s.13), in paise and
 * hundredths of a percent: what the receipts, sales and reports apply. The law's defaults if the row is missing.
 */
export async function getSaleTaxSettings(tdb: TenantDb): Promise<SaleTaxSettings> {
  return (await readSaleTaxSettings(tdb)) ?? DEFAULT_SALE_TAX_SETTINGS;
}

const answerOf = (s: SaleTaxSettings): CompanySettingsAnswer => ({
  tdsThreshold: s.tdsThresholdPaise,
  tdsRate: s.tdsRateHundredths / 100,
  cashLimit: s.cashLimitPaise,
  cashRule: s.cashRule,
  reraLimit: s.reraLimitHundredths / 100,
});

export async function getCompanySettings(tdb: TenantDb): Promise<CompanySettingsAnswer> {
  return answerOf(await getSaleTaxSettings(tdb));
}

/** A tenant admin sets the rules; one trail row (entity 'settings', action 'update') with the changed fields. */
export async function saveCompanySettings(
  tdb: TenantDb,
  input: UpdateCompanySettings,
  userId: number,
): Promise<CompanySettingsAnswer> {
  const before = (await readSaleTaxSettings(tdb, { lock: true })) ?? DEFAULT_SALE_TAX_SETTINGS;
  const after: SaleTaxSettings = {
    tdsThresholdPaise: toPaise(input.tdsThreshold),
    tdsRateHundredths: percentHundredths(input.tdsRate),
    cashLimitPaise: toPaise(input.cashLimit),
    cashRule: input.cashRule,
    reraLimitHundredths: percentHundredths(input.reraLimit),
  };
  const changes = changedFields(settingsColumns(before), settingsColumns(after));
  if (Object.keys(changes).length > 0) {
    await updateSaleTaxSettings(tdb, after, userId);
    recordChange(tdb, { entity: 'settings', entityId: null, action: 'update', changes });
  }
  return answerOf(after);
}

/** Collections (issue 22): late-payment interest and automatic reminders, off by default. */
export async function getCollectionSettings(tdb: TenantDb): Promise<CollectionSettings> {
  return (
    (await readCollectionSettings(tdb)) ?? {
      lateInterest: DEFAULT_LATE_INTEREST,
      autoReminders: DEFAULT_AUTO_REMINDERS,
    }
  );
}

export const collectionSettingsAnswer = (s: CollectionSettings): CollectionSettingsDto => ({
  lateInterestEnabled: s.lateInterest.enabled,
  lateInterestRate: s.lateInterest.rateHundredths / 100,
  graceDays: s.lateInterest.graceDays,
  autoRemindersEnabled: s.autoReminders.enabled,
  remindDaysBefore: s.autoReminders.daysBefore,
  remindDaysAfter: s.autoReminders.daysAfter,
});

/** A tenant admin sets them; one trail row (entity 'settings', action 'update') with the changed fields. */
export async function saveCollectionSettings(
  tdb: TenantDb,
  input: UpdateCollectionSettingsInput,
  userId: number,
): Promise<CollectionSettingsDto> {
  const before = (await readCollectionSettings(tdb, { lock: true })) ?? (await getCollectionSettings(tdb));
  const after: CollectionSettings = {
    lateInterest: {
      enabled: input.lateInterestEnabled,
      rateHundredths: percentHundredths(input.lateInterestRate),
      graceDays: input.graceDays,
    },
    autoReminders: {
      enabled: input.autoRemindersEnabled,
      daysBefore: input.remindDaysBefore,
      daysAfter: input.remindDaysAfter,
    },
  };
  const changes = changedFields(collectionSettingsColumns(before), collectionSettingsColumns(after));
  if (Object.keys(changes).length > 0) {
    await updateCollectionSettings(tdb, after, userId);
    recordChange(tdb, { entity: 'settings', entityId: null, action: 'update', changes });
  }
  return collectionSettingsAnswer(after);
}
