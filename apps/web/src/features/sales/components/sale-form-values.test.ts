import { createSaleSchema, EMI_DURATION_RANGE_MESSAGE, TOO_MUCH_UPFRONT_MESSAGE } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import {
  canPreviewSchedule,
  emiFigures,
  emiProblem,
  emptySale,
  liveSaleErrors,
  presetSale,
  type SaleFormValues,
  salePresetOf,
  toSaleInput,
} from './sale-form-values';

const emi = (change: Partial<SaleFormValues> = {}): SaleFormValues => ({
  ...emptySale(3, '2026-03-05'),
  plotId: 7,
  buyerName: 'Sunita',
  saleAmount: 1250000.5,
  paymentType: 'EMI',
  advanceAmount: 100000,
  visarpawatiAmount: 50000.25,
  emiDuration: 7,
  emiDate: '2026-04-10',
  ...change,
});

describe('sale form values', () => {
  it('works out the EMI total, the monthly amount and a schedule that sums to the total', () => {
    const figures = emiFigures(emi());
    expect(figures.emiTotalPaise).toBe(1100000_25);
    expect(figures.monthlyPaise).toBe(157142_89);
    expect(figures.schedule).toHaveLength(7);
    expect(figures.schedule.at(-1)).toEqual({ installmentNo: 7, dueDate: '2026-10-10', amountPaise: 157142_91 });
    expect(figures.schedule.reduce((s, i) => s + i.amountPaise, 0)).toBe(1100000_25);
  });

  it('shows no schedule without a first EMI date or a usable duration', () => {
    expect(emiFigures(emi({ emiDate: '' })).schedule).toEqual([]);
    expect(emiFigures(emi({ emiDuration: '' })).monthlyPaise).toBe(0);
    expect(emiFigures(emi({ emiDuration: 361 })).schedule).toEqual([]);
  });

  it('works out nothing, instead of failing, from an amount past the largest Plotbook records', () => {
    const figures = emiFigures(emi({ saleAmount: 1e17 }));
    expect(figures.emiTotalPaise).toBe(0);
    expect(figures.monthlyPaise).toBe(0);
  });

  it('floors the EMI total at 0', () => {
    expect(emiFigures(emi({ advanceAmount: 2000000 })).emiTotalPaise).toBe(0);
  });

  it('sends the spec fields, with dates as the spec sends them, and passes the shared schema', () => {
    const input = toSaleInput(emi());
    expect(input).toMatchObject({
      projectId: 3,
      plotId: 7,
      saleDate: '2026-03-05',
      paymentType: 'EMI',
      emiTotal: 1100000.25,
      monthlyAmount: 157142.89,
      emiDuration: 7,
      emiDate: '2026-04-10T00:00:00',
    });
    expect(createSaleSchema.safeParse(input).success).toBe(true);
  });

  it('sends no EMI fields for a full payment sale', () => {
    const input = toSaleInput(emi({ paymentType: 'Cash' }));
    expect(input).not.toHaveProperty('emiDate');
    expect(input.emiDuration).toBeNull();
    expect(createSaleSchema.safeParse(input).success).toBe(true);
  });

  it('says at once when advance and visarpawati together pass the sale amount', () => {
    expect(liveSaleErrors(emi({ advanceAmount: 1200000, visarpawatiAmount: 50001 }))).toEqual({
      advanceAmount: TOO_MUCH_UPFRONT_MESSAGE,
    });
    expect(liveSaleErrors(emi({ advanceAmount: 1200000, visarpawatiAmount: 50000.5 }))).toEqual({});
    expect(liveSaleErrors(emi({ advanceAmount: 1200000, visarpawatiAmount: 50001, paymentType: 'Cash' }))).toEqual({});
  });

  it('says at once when the duration is outside 1 to 360 months, and leaves an empty one to Save', () => {
    expect(liveSaleErrors(emi({ emiDuration: 361 }))).toEqual({ emiDuration: EMI_DURATION_RANGE_MESSAGE });
    expect(liveSaleErrors(emi({ emiDuration: 0 }))).toEqual({ emiDuration: EMI_DURATION_RANGE_MESSAGE });
    expect(liveSaleErrors(emi({ emiDuration: 360 }))).toEqual({});
    expect(liveSaleErrors(emi({ emiDuration: '' }))).toEqual({});
  });

  it('previews a schedule only for figures a sale could have', () => {
    expect(canPreviewSchedule(emi())).toBe(true);
    expect(canPreviewSchedule(emi({ advanceAmount: 2000000 }))).toBe(false);
    expect(canPreviewSchedule(emi({ emiDuration: 400 }))).toBe(false);
    expect(canPreviewSchedule(emi({ emiDuration: '' }))).toBe(false);
  });

  it('says before Save when nothing is left for installments or the monthly amount is below ₹ 1', () => {
    expect(emiProblem(emi())).toEqual({});
    expect(emiProblem(emi({ saleAmount: 150000.25 }))).toEqual({
      emiTotal:
        'Nothing is left to pay in installments: advance and visarpawati cover the sale amount. Choose Full Payment.',
    });
    expect(emiProblem(emi({ saleAmount: 0.05, advanceAmount: '', visarpawatiAmount: '', emiDuration: 12 }))).toEqual({
      monthlyAmount:
        'The monthly amount must be at least ₹ 1: an EMI total of ₹ 0.05 is too small for installments. Choose Full Payment.',
    });
    expect(emiProblem(emi({ saleAmount: 1000, advanceAmount: 990, visarpawatiAmount: '', emiDuration: 12 }))).toEqual({
      monthlyAmount: 'The monthly amount must be at least ₹ 1: an EMI total of ₹ 10.00 allows at most 10 months.',
    });
    expect(emiProblem(emi({ paymentType: 'Cash', saleAmount: 150000.25 }))).toEqual({});
  });

  it('refuses the same figures in the schema the server checks', () => {
    const input = toSaleInput(emi({ saleAmount: 1000, advanceAmount: 990, visarpawatiAmount: '', emiDuration: 12 }));
    const result = createSaleSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['emiDuration']);
  });
});

describe('the sale screen address', () => {
  const preset = (query: string) => salePresetOf(new URLSearchParams(query));

  it('chooses the project, plot and buyer a link names', () => {
    expect(preset('projectId=3&plotId=41&buyerId=7')).toEqual({ projectId: 3, plotId: 41, buyerId: 7 });
    expect(presetSale(preset('projectId=3&plotId=41&buyerId=7'))).toMatchObject({
      projectId: 3,
      plotId: 41,
      buyerId: 7,
      buyerName: '',
      saleAmount: '',
    });
  });

  it('chooses nothing for a missing, blank, zero, negative or made-up id, and no plot without a project', () => {
    expect(preset('')).toEqual({ projectId: null, plotId: null, buyerId: null });
    expect(preset('projectId=&plotId=0&buyerId=-2')).toEqual({ projectId: null, plotId: null, buyerId: null });
    expect(preset('projectId=1e3&plotId=4.5&buyerId=abc')).toEqual({ projectId: null, plotId: null, buyerId: null });
    expect(preset('plotId=41')).toEqual({ projectId: null, plotId: null, buyerId: null });
    expect(preset('projectId=2&plotId=x')).toEqual({ projectId: 2, plotId: null, buyerId: null });
  });
});
