import { purchaseRowsSchema } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { checkRows, toMoneyRowPayload } from './money-row-logic';
import type { MoneyRowValues } from './money-rows';

const typed = (patch: Partial<MoneyRowValues> = {}): MoneyRowValues => ({
  particular: 'Visarpavti',
  date: '2025-01-02',
  mode: 'Cash',
  modeDetail: '',
  creditTo: '',
  modeDate: '',
  amount: '1500.50',
  partnerId: '4',
  ...patch,
});
const purchase = (patch: Partial<MoneyRowValues> = {}) => ({ ...toMoneyRowPayload(typed(patch)), projectId: 1 });

describe('toMoneyRowPayload', () => {
  it('sends rupees and ids as numbers, dates at midnight and empty optional cells as null', () => {
    expect(toMoneyRowPayload(typed({ modeDetail: '  UTR 42 ', modeDate: '2025-01-05' }))).toEqual({
      particular: 'Visarpavti',
      date: '2025-01-02T00:00:00',
      mode: 'Cash',
      modeDetail: 'UTR 42',
      creditTo: null,
      modeDate: '2025-01-05T00:00:00',
      amount: 1500.5,
      partnerId: 4,
    });
  });
});

describe('checkRows', () => {
  it('passes rows the API schema accepts, unchanged', () => {
    const rows = [purchase(), purchase({ amount: '20' })];
    expect(checkRows(purchaseRowsSchema, rows)).toEqual({ rows, problem: null });
  });

  it('names the row and the cell of the first problem', () => {
    const result = checkRows(purchaseRowsSchema, [purchase(), purchase({ particular: '' })]);
    expect(result).toEqual({
      rows: null,
      problem: {
        text: 'Row 2: All fields are required in each row',
        fields: { '1.particular': 'All fields are required in each row' },
      },
    });
  });

  it('refuses an amount with more than two decimals', () => {
    const result = checkRows(purchaseRowsSchema, [purchase({ amount: '10.555' })]);
    expect(result.problem?.text).toMatch(/^Row 1: /);
    expect(Object.keys(result.problem?.fields ?? {})).toEqual(['0.amount']);
  });

  it('says a batch without rows needs one', () => {
    expect(checkRows(purchaseRowsSchema, [])).toEqual({
      rows: null,
      problem: { text: 'Add at least one row.', fields: {} },
    });
  });
});
