import { describe, expect, it } from 'vitest';
import { paise } from './money.js';
import {
  DEFAULT_TALLY_LEDGERS,
  type TallySourceRow,
  tallyAmount,
  tallyDate,
  tallyExportQuerySchema,
  tallyLedgersSchema,
  tallyVoucher,
  voucherNumber,
} from './tally.js';

const receipt: TallySourceRow = {
  source: 'receipt',
  id: 7,
  date: '2026-10-05',
  narration: 'Received from रमेश पाटील',
  lines: [
    { particular: 'Advance', mode: 'Cash', amountPaise: paise(10000_00) },
    { particular: 'Booking', mode: 'UPI', amountPaise: paise(250_50) },
    { particular: 'Installment', mode: 'RTGS', amountPaise: paise(1000_00) },
    { particular: 'TDS (194-IA)', mode: 'Bank Transfer', amountPaise: paise(500_00) },
  ],
};

describe('Tally vouchers', () => {
  it('debits the bank/cash ledgers of a Receipt (negative) and credits its income ledgers (positive)', () => {
    const v = tallyVoucher(receipt, DEFAULT_TALLY_LEDGERS);
    expect(v).toMatchObject({ type: 'Receipt', number: 'R-7', date: '2026-10-05' });
    expect(v.entries.map((e) => [e.ledger, e.debit, tallyAmount(e)])).toEqual([
      ['Cash', true, '-10000.00'],
      ['Bank', true, '-1250.50'],
      ['TDS Receivable (194-IA)', true, '-500.00'],
      ['Plot Sales', false, '11750.50'],
    ]);
  });

  it('debits the expense ledger of a Payment and credits the bank', () => {
    const purchase: TallySourceRow = {
      source: 'purchase',
      id: 3,
      date: '2026-11-01',
      narration: 'Kharedikhar paid',
      lines: [{ particular: 'Kharedikhar', mode: 'Online', amountPaise: paise(5_00) }],
    };
    expect(tallyVoucher(purchase, DEFAULT_TALLY_LEDGERS).entries.map((e) => [e.ledger, tallyAmount(e)])).toEqual([
      ['Land Purchase', '-5.00'],
      ['Bank', '5.00'],
    ]);
    expect(voucherNumber(purchase)).toBe('PUR-3');
  });

  it('numbers a receipt by its receipt number once it has one', () => {
    expect(voucherNumber({ source: 'receipt', id: 7, receiptNo: 'RCT/26-27/00042' })).toBe('RCT/26-27/00042');
    expect(voucherNumber({ source: 'receipt', id: 7, receiptNo: null })).toBe('R-7');
    expect(voucherNumber({ source: 'refund', id: 2 })).toBe('REF-2');
  });

  it('writes dates as yyyymmdd and amounts in rupees with two decimals, without float error', () => {
    expect(tallyDate('2027-03-31')).toBe('20270331');
    expect(tallyAmount({ debit: false, amountPaise: paise(123456789_05) })).toBe('123456789.05');
    expect(tallyAmount({ debit: true, amountPaise: paise(1) })).toBe('-0.01');
    expect(tallyAmount({ debit: true, amountPaise: paise(0) })).toBe('0.00');
  });

  it('checks the mapping and the range with plain messages', () => {
    expect(tallyLedgersSchema.parse(DEFAULT_TALLY_LEDGERS)).toEqual(DEFAULT_TALLY_LEDGERS);
    const blank = tallyLedgersSchema.safeParse({
      ...DEFAULT_TALLY_LEDGERS,
      modes: { ...DEFAULT_TALLY_LEDGERS.modes, UPI: '' },
    });
    expect(blank.error?.issues[0]?.message).toBe('Mode "UPI": enter a ledger name');
    const backwards = tallyExportQuerySchema.safeParse({ from: '2026-05-01', to: '2026-04-01' });
    expect(backwards.error?.issues[0]?.message).toBe('From date may not be after To date');
    const long = tallyExportQuerySchema.safeParse({ from: '2025-04-01', to: '2026-04-02' });
    expect(long.error?.issues[0]?.message).toBe('Export at most 366 days at a time');
    expect(tallyExportQuerySchema.parse({ from: '2026-04-01', to: '2027-03-31' })).toEqual({
      from: '2026-04-01',
      to: '2027-03-31',
    });
  });
});
