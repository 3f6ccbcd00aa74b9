import {
  buildSchedule,
  type CreateSaleInput,
  type EmiInput,
  emiTotalPaise,
  type Installment,
  MAX_EMI_MONTHS,
  MAX_RUPEES,
  monthlyPaise,
  type Paise,
  type SaleEmiIssueCode,
  saleEmiIssues,
  todayIso,
  toPaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { DecimalValue } from '@/components/decimal-input';
import { type CoBuyerValues, coBuyersInput } from '../../../components/buyers/co-buyers-input';

export type PaymentType = 'Cash' | 'EMI';

export interface SaleFormValues {
  projectId: number | null;
  plotId: number | null;
  buyerName: string;
  buyerMobile: string;
  /** The buyer chosen in the picker; null while the name typed is a new buyer. */
  buyerId: number | null;
  /** A new buyer's details beyond name and mobile (shown on asking). */
  buyerDetails: boolean;
  buyerRelativeName: string;
  coBuyers: CoBuyerValues[];
  nomineeName: string;
  nomineeRelation: string;
  /** `YYYY-MM-DD` or ''. */
  saleDate: string;
  saleAmount: DecimalValue;
  paymentType: PaymentType;
  advanceAmount: DecimalValue;
  visarpawatiAmount: DecimalValue;
  emiDuration: DecimalValue;
  emiDate: string;
  /** RERA s.13: the agreement for sale's registration date, `YYYY-MM-DD` or '' (not yet registered). */
  agreementDate: string;
}

export const emptySale = (projectId: number | null = null, today = todayIso()): SaleFormValues => ({
  projectId,
  plotId: null,
  buyerName: '',
  buyerMobile: '',
  buyerId: null,
  buyerDetails: false,
  buyerRelativeName: '',
  coBuyers: [],
  nomineeName: '',
  nomineeRelation: '',
  saleDate: today,
  saleAmount: '',
  paymentType: 'Cash',
  advanceAmount: '',
  visarpawatiAmount: '',
  emiDuration: '',
  emiDate: '',
  agreementDate: '',
});

/** A typed amount in paise; blank, or past the largest amount Plotbook records (the field shows that error), is 0. */
const paiseOf = (value: DecimalValue) => (value === '' || Math.abs(value) > MAX_RUPEES ? ZERO_PAISE : toPaise(value));

/** The figures of the EMI section, worked out as the server will: total, monthly and the schedule. */
export function emiFigures(values: SaleFormValues): {
  emiTotalPaise: Paise;
  monthlyPaise: Paise;
  schedule: Installment[];
} {
  const duration = typeof values.emiDuration === 'number' ? values.emiDuration : 0;
  const input: EmiInput = {
    salePaise: paiseOf(values.saleAmount),
    advancePaise: paiseOf(values.advanceAmount),
    visarpawatiPaise: paiseOf(values.visarpawatiAmount),
    durationMonths: Number.isInteger(duration) && duration >= 1 && duration <= MAX_EMI_MONTHS ? duration : 0,
  };
  return {
    emiTotalPaise: emiTotalPaise(input),
    monthlyPaise: monthlyPaise(input),
    schedule: values.emiDate ? buildSchedule(input, values.emiDate) : [],
  };
}

/** The form's figures as the EMI rules take them; blank amounts are 0, a blank duration or date missing. */
const emiSale = (values: SaleFormValues) => ({
  salePaise: paiseOf(values.saleAmount),
  advancePaise: paiseOf(values.advanceAmount),
  visarpawatiPaise: paiseOf(values.visarpawatiAmount),
  emiDuration: values.emiDuration === '' ? null : values.emiDuration,
  emiDate: values.emiDate || null,
  saleDate: values.saleDate || null,
});

/** The message of one of the EMI rules (`saleEmiIssues`, the rules `createSaleSchema` enforces) the figures break. */
const issue = (values: SaleFormValues, code: SaleEmiIssueCode) =>
  saleEmiIssues(emiSale(values)).find((i) => i.code === code)?.message;

/**
 * What is wrong with the EMI figures as they are typed, shown at the field at once (not only on Save): advance and
 * visarpawati above the sale amount, a duration outside 1–360 months. Empty fields are left to Save.
 */
export function liveSaleErrors(values: SaleFormValues): Partial<Record<'advanceAmount' | 'emiDuration', string>> {
  if (values.paymentType !== 'EMI') return {};
  const errors: Partial<Record<'advanceAmount' | 'emiDuration', string>> = {};
  const upfront = values.saleAmount === '' ? undefined : issue(values, 'tooMuchUpfront');
  if (upfront) errors.advanceAmount = upfront;
  const duration = issue(values, 'durationRange');
  if (duration) errors.emiDuration = duration;
  return errors;
}

/**
 * The schedule preview only for figures a sale could have: a valid duration, a date and something left to pay
 * monthly. Otherwise (e.g. advance above the sale amount) it would list months of ₹ 0.00.
 */
export function canPreviewSchedule(values: SaleFormValues): boolean {
  const errors = liveSaleErrors(values);
  return (
    !errors.advanceAmount && !errors.emiDuration && values.emiDuration !== '' && emiFigures(values).emiTotalPaise > 0
  );
}

/** The payload of POST /api/sale: the spec's fields, EMI ones only for an EMI sale, dates as the spec sends them. */
/**
 * Who the sale is to: the buyer chosen (`buyerId`); or a new buyer with details (`buyer`: co-buyers, nominee,
 * father's/husband's name); or just a name and mobile, which the server finds by mobile or makes a new buyer of.
 */
function buyerInput(values: SaleFormValues): Partial<CreateSaleInput> {
  if (values.buyerId !== null) return { buyerId: values.buyerId };
  const details = coBuyersInput(values.coBuyers, values.nomineeName, values.nomineeRelation);
  if (values.buyerDetails && (values.buyerRelativeName.trim() || details.coBuyers.length > 0 || details.nominee)) {
    return {
      buyer: { name: values.buyerName, mobile: values.buyerMobile, relativeName: values.buyerRelativeName, ...details },
    };
  }
  return { buyerName: values.buyerName, buyerMobile: values.buyerMobile };
}

export function toSaleInput(values: SaleFormValues): CreateSaleInput {
  const isEmi = values.paymentType === 'EMI';
  const figures = emiFigures(values);
  const amount = (v: DecimalValue) => (v === '' ? undefined : v);
  return {
    projectId: values.projectId,
    plotId: values.plotId,
    saleDate: values.saleDate || undefined,
    saleAmount: amount(values.saleAmount) as number,
    paymentType: values.paymentType,
    ...buyerInput(values),
    agreementDate: values.agreementDate || undefined,
    emiDuration: null,
    ...(isEmi
      ? {
          advanceAmount: amount(values.advanceAmount) ?? 0,
          visarpawatiAmount: amount(values.visarpawatiAmount) ?? 0,
          emiTotal: toRupees(figures.emiTotalPaise),
          monthlyAmount: toRupees(figures.monthlyPaise),
          emiDuration: values.emiDuration === '' ? null : values.emiDuration,
          emiDate: values.emiDate ? `${values.emiDate}T00:00:00` : null,
        }
      : {}),
  };
}

/**
 * What is wrong with the EMI figures as typed, shown beside them before Save (the server refuses the same, see
 * createSaleSchema): nothing left to pay in installments, or a monthly amount below ₹ 1.
 */
export function emiProblem(values: SaleFormValues): { emiTotal?: string; monthlyAmount?: string } {
  if (values.paymentType !== 'EMI' || values.saleAmount === '' || values.saleAmount <= 0) return {};
  const nothingLeft = issue(values, 'nothingLeft');
  if (nothingLeft) return { emiTotal: nothingLeft };
  const tooSmall = issue(values, 'monthlyTooSmall');
  return tooSmall ? { monthlyAmount: tooSmall } : {};
}

/** What a link to the sale screen may choose beforehand (`/sale?projectId=&plotId=&buyerId=`, from the board). */
export interface SalePreset {
  projectId: number | null;
  plotId: number | null;
  buyerId: number | null;
}

/** A positive whole id from the address, else null (a missing, blank or made-up value chooses nothing). */
const idOf = (text: string | null): number | null => {
  if (text === null || !/^\d{1,9}$/.test(text.trim())) return null;
  const id = Number(text);
  return id > 0 ? id : null;
};

/** The sale screen's choices from its address; a plot only with its project. */
export function salePresetOf(search: URLSearchParams): SalePreset {
  const projectId = idOf(search.get('projectId'));
  return {
    projectId,
    plotId: projectId === null ? null : idOf(search.get('plotId')),
    buyerId: idOf(search.get('buyerId')),
  };
}

/** The sale form's first values: a blank sale with the address's project, plot and buyer chosen. */
export const presetSale = (preset: SalePreset): SaleFormValues => ({
  ...emptySale(preset.projectId),
  plotId: preset.plotId,
  buyerId: preset.buyerId,
});
