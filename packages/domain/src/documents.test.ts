import { describe, expect, it } from 'vitest';
import { amountInWords, financialYearOf, receiptNumberText } from './documents.js';
import { toPaise } from './money.js';

describe('amountInWords (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [0.5, 'Rupees Zero and Fifty Paise Only'],
    [1, 'Rupees One Only'],
    [99_999, 'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only'],
    [1_00_000, 'Rupees One Lakh Only'],
    [1_20_500.5, 'Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only'],
    [
      12_34_56_789.5,
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Fifty Paise Only',
    ],
    [
      99_99_99_99_999.99,
      'Rupees Nine Thousand Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    ],
    [1_00_000_00_00_000, 'Rupees One Lakh Crore Only'],
    [11_011.07, 'Rupees Eleven Thousand Eleven and Seven Paise Only'],
  ])('%d → %s', (rupees, words) => {
    expect(amountInWords(toPaise(rupees))).toBe(words);
  });
});

describe('financial year and receipt numbers', () => {
  it('31 March is the year before, 1 April starts the next', () => {
    expect(financialYearOf('2027-03-31')).toEqual({ start: 2026, label: '26-27' });
    expect(financialYearOf('2027-04-01')).toEqual({ start: 2027, label: '27-28' });
    expect(financialYearOf('2099-12-31')).toEqual({ start: 2099, label: '99-00' });
  });

  it('writes RCT/26-27/00042, at most 16 characters with a 4-character prefix', () => {
    expect(receiptNumberText('RCT', 2026, 42)).toBe('RCT/26-27/00042');
    expect(receiptNumberText('ABCD', 2026, 99_999)).toHaveLength(16);
  });
});
