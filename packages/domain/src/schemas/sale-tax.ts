import { z } from 'zod';
import { CASH_RULES } from '../constants.js';
import { hasAtMostTwoDecimals, toPaise } from '../money.js';
import { percentHundredths } from '../percent.js';
import type { SaleTaxSettings } from '../sale-tax.js';
import { id, isoDate, isoDateText, rupees } from './common.js';
import { rupeesFromPaise } from './money.js';

/** GET/PUT /api/company-settings: the tax and cash rules of a plot sale, rates in percent. */
export const companySettingsSchema = z.object({
  /** s.194-IA: a sale of this amount or more carries TDS (₹ 50,00,000). */
  tdsThreshold: rupeesFromPaise(),
  /** The TDS rate in percent (1). */
  tdsRate: z.number(),
  /** s.269SS/269T: the cash limit per buyer per day (₹ 20,000). */
  cashLimit: rupeesFromPaise(),
  cashRule: z.enum(CASH_RULES),
  /** RERA s.13: the most of the sale amount taken before the agreement for sale, in percent (10). */
  reraLimit: z.number(),
});
export type CompanySettingsDto = z.output<typeof companySettingsSchema>;
/** The server's side of `CompanySettingsDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type CompanySettingsAnswer = z.input<typeof companySettingsSchema>;

/** The API's settings (rupees, percent) as the rules take them (paise, hundredths of a percent): the web's side. */
export function saleTaxSettingsOf(dto: CompanySettingsDto): SaleTaxSettings {
  return {
    tdsThresholdPaise: toPaise(dto.tdsThreshold),
    tdsRateHundredths: percentHundredths(dto.tdsRate),
    cashLimitPaise: toPaise(dto.cashLimit),
    cashRule: dto.cashRule,
    reraLimitHundredths: percentHundredths(dto.reraLimit),
  };
}

const percent = (label: string) =>
  z
    .number({ error: `Enter the ${label}` })
    .finite()
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} may be at most 100 %`)
    .refine(hasAtMostTwoDecimals, `${label} may have at most 2 decimals`);

const positiveRupees = (label: string) =>
  z
    .number({ error: `Enter the ${label}` })
    .pipe(rupees)
    .refine((v) => v > 0, `${label} must be more than 0`);

export const updateCompanySettingsSchema = z.object({
  tdsThreshold: positiveRupees('TDS threshold'),
  tdsRate: percent('TDS rate'),
  cashLimit: positiveRupees('Cash limit'),
  cashRule: z.enum(CASH_RULES, { error: "Cash rule must be 'warn' or 'refuse'" }),
  reraLimit: percent('RERA limit'),
});
export type UpdateCompanySettingsInput = z.input<typeof updateCompanySettingsSchema>;
export type UpdateCompanySettings = z.output<typeof updateCompanySettingsSchema>;

/** PUT /api/sale/{saleId}/agreement: the agreement for sale's registration date (RERA s.13), or null to clear it. */
export const saleAgreementSchema = z.object({
  agreementDate: z
    .union([z.literal(''), isoDate])
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type SaleAgreementInput = z.input<typeof saleAgreementSchema>;

export const tdsPendingQuery = z.object({ projectId: id });

/** A row of "TDS certificates pending": a sale whose TDS due is not all received, or with a line lacking its Form 16B number. */
export const tdsPendingRowSchema = z.object({
  saleId: z.number(),
  plotId: z.number(),
  plotName: z.string(),
  buyerName: z.string().nullable(),
  saleDate: isoDateText,
  saleAmount: rupeesFromPaise(),
  tdsDue: rupeesFromPaise(),
  /** Σ Completed 'TDS (194-IA)' lines of the sale. */
  tdsReceived: rupeesFromPaise(),
  /** What is still to come: TDS due − received (not below 0). */
  tdsPending: rupeesFromPaise(),
  /** TDS lines saved without a Form 16B certificate number. */
  linesWithoutCertificate: z.number(),
});
export type TdsPendingRowDto = z.output<typeof tdsPendingRowSchema>;
export type TdsPendingRowAnswer = z.input<typeof tdsPendingRowSchema>;
export const tdsPendingListSchema = z.array(tdsPendingRowSchema);
