import { describe, expect, it } from 'vitest';
import { firstErrorRow, isRowComplete, missingKeys, sumMoney, updateCell } from './row-logic';
import type { RowColumn } from './types';

type Row = { particular: string; date: string; modeDate: string; amount: string };

const columns: RowColumn<Row>[] = [
  { key: 'particular', label: 'Particular', kind: 'text', isRequired: true },
  { key: 'date', label: 'Date', kind: 'date', isRequired: true },
  { key: 'modeDate', label: 'Mode Date', kind: 'date', follows: 'date' },
  { key: 'amount', label: 'Amount', kind: 'money', isRequired: true },
];
const row = (patch: Partial<Row> = {}): Row => ({ particular: '', date: '', modeDate: '', amount: '', ...patch });

describe('sumMoney', () => {
  it('adds typed rupee amounts exactly, through paise', () => {
    expect(sumMoney([row({ amount: '0.1' }), row({ amount: '0.2' })], 'amount')).toBe(0.3);
    expect(sumMoney([row({ amount: '160449160.17' }), row({ amount: '0.83' })], 'amount')).toBe(160449161);
  });

  it('skips empty, blank and half-typed cells', () => {
    expect(
      sumMoney([row({ amount: '12.5' }), row({ amount: '' }), row({ amount: '  ' }), row({ amount: '1e' })], 'amount'),
    ).toBe(12.5);
  });
});

describe('required cells', () => {
  it('names the required cells still empty (blank counts as empty)', () => {
    expect(missingKeys(columns, row({ particular: 'Land', amount: ' ' }))).toEqual(['date', 'amount']);
  });

  it('calls a row complete when every required cell is filled', () => {
    expect(isRowComplete(columns, row({ particular: 'Land', date: '2025-01-01', amount: '10' }))).toBe(true);
    expect(isRowComplete(columns, row({ particular: 'Land', date: '2025-01-01' }))).toBe(false);
  });
});

describe('updateCell', () => {
  it('moves a following cell while it is empty or equal to the old value', () => {
    const first = updateCell(columns, row(), 'date', '2025-02-01');
    expect(first.modeDate).toBe('2025-02-01');
    expect(updateCell(columns, first, 'date', '2025-03-01').modeDate).toBe('2025-03-01');
  });

  it('leaves a following cell the user changed', () => {
    const changed = row({ date: '2025-02-01', modeDate: '2025-02-10' });
    expect(updateCell(columns, changed, 'date', '2025-03-01')).toEqual({ ...changed, date: '2025-03-01' });
  });
});

describe('firstErrorRow', () => {
  it('answers the 1-based row of the first field the server named', () => {
    expect(firstErrorRow({ '1.particular': 'Particular is required' })).toBe(2);
    expect(firstErrorRow({ body: 'Bad', '0.amount': 'Amount must be more than 0' })).toBe(1);
  });

  it('answers null when no row is named', () => {
    expect(firstErrorRow({ body: 'Bad' })).toBeNull();
    expect(firstErrorRow(undefined)).toBeNull();
  });
});
