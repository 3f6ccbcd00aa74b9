import {
  buildSchedule,
  type CreateSaleInput,
  type EmiInput,
  emiTotalPaise,
  type Installment,
  MAX_EMI_MONTHS,
  MIN_MONTHLY_PAISE,
  monthlyPaise,
  monthlyTooSmallMessage,
  NOTHING_LEFT_FOR_EMI_MESSAGE,
  TOO_MUCH_UPFRONT_MESSAGE,
  todayIso,
  toPaise,
} from '@plotbook/domain';
import type { DecimalValue } from '@/components/decimal-input';

export type PaymentType = 'Cash' | 'EMI';

export interface SaleFormValues {
  projectId: number | null;
  plotId: number | null;
  buyerName: string;
  buyerMobile: string;
  /** `YYYY-MM-DD` or ''. */
  saleDate: string;
  saleAmount: DecimalValue;
  paymentType: PaymentType;
  advanceAmount: DecimalValue;
  visarpawatiAmount: DecimalValue;
  emiDuration: DecimalValue;
  emiDate: string;
}

export const emptySale = (projectId: number | null = null, today = todayIso()): SaleFormValues => ({
  projectId,
  plotId: null,
  buyerName: '',
  buyerMobile: '',
  saleDate: today,
  saleAmount: '',
  paymentType: 'Cash',
  advanceAmount: '',
  visarpawatiAmount: '',
  emiDuration: '',
  emiDate: '',
});

const paise = (value: DecimalValue) => (value === '' ? 0 : toPaise(value));

/** The figures of the EMI section, worked out as the server will: total, monthly and the schedule. */
export function emiFigures(values: SaleFormValues): {
  emiTotalPaise: number;
  monthlyPaise: number;
  schedule: Installment[];
} {
  const duration = typeof values.emiDuration === 'number' ? values.emiDuration : 0;
  const input: EmiInput = {
    salePaise: paise(values.saleAmount),
    advancePaise: paise(values.advanceAmount),
    visarpawatiPaise: paise(values.visarpawatiAmount),
    durationMonths: Number.isInteger(duration) && duration >= 1 && duration <= MAX_EMI_MONTHS ? duration : 0,
  };
  return {
    emiTotalPaise: emiTotalPaise(input),
    monthlyPaise: monthlyPaise(input),
    schedule: values.emiDate ? buildSchedule(input, values.emiDate) : [],
  };
}

export const EMI_DURATION_RANGE_MESSAGE = `EMI duration must be between 1 and ${MAX_EMI_MONTHS} months`;

/**
 * What is wrong with the EMI figures as they are typed, shown at the field at once (not only on Save): advance and
 * visarpawati above the sale amount, a duration outside 1–360 months. Empty fields are left to Save.
 */
export function liveSaleErrors(values: SaleFormValues): Partial<Record<'advanceAmount' | 'emiDuration', string>> {
  if (values.paymentType !== 'EMI') return {};
  const errors: Partial<Record<'advanceAmount' | 'emiDuration', string>> = {};
  if (
    values.saleAmount !== '' &&
    paise(values.advanceAmount) + paise(values.visarpawatiAmount) > paise(values.saleAmount)
  ) {
    errors.advanceAmount = TOO_MUCH_UPFRONT_MESSAGE;
  }
  const duration = values.emiDuration;
  if (duration !== '' && (!Number.isInteger(duration) || duration < 1 || duration > MAX_EMI_MONTHS)) {
    errors.emiDuration = EMI_DURATION_RANGE_MESSAGE;
  }
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
    buyerName: values.buyerName,
    buyerMobile: values.buyerMobile,
    emiDuration: null,
    ...(isEmi
      ? {
          advanceAmount: amount(values.advanceAmount) ?? 0,
          visarpawatiAmount: amount(values.visarpawatiAmount) ?? 0,
          emiTotal: figures.emiTotalPaise / 100,
          monthlyAmount: figures.monthlyPaise / 100,
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
  const figures = emiFigures(values);
  const upfront = paise(values.advanceAmount) + paise(values.visarpawatiAmount);
  if (figures.emiTotalPaise === 0 && upfront <= paise(values.saleAmount)) {
    return { emiTotal: NOTHING_LEFT_FOR_EMI_MESSAGE };
  }
  const months = typeof values.emiDuration === 'number' ? values.emiDuration : 0;
  const durationOk = Number.isInteger(months) && months >= 1 && months <= MAX_EMI_MONTHS;
  if (durationOk && figures.emiTotalPaise < MIN_MONTHLY_PAISE * months) {
    return { monthlyAmount: monthlyTooSmallMessage(figures.emiTotalPaise) };
  }
  return {};
}
