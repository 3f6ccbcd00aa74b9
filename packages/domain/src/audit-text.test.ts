import { describe, expect, it } from 'vitest';
import { auditChangeLines, describeChanges, formatIndiaDateTime } from './audit-text.js';

describe('describeChanges', () => {
  it('reads an edit: money in rupees for India, labels, before → after', () => {
    expect(describeChanges({ mode: ['Cash', 'Cheque'], amount: [120000, 102000] })).toBe(
      'Amount: ₹ 1,20,000.00 → ₹ 1,02,000.00; Mode: Cash → Cheque',
    );
  });

  it('reads a creation as the new values, a deletion as values removed', () => {
    expect(describeChanges({ amount: [null, 2500.5], entry_date: [null, '2026-02-01'], project_id: [null, 7] })).toBe(
      'Amount: ₹ 2,500.50; Date: 01/02/2026; Project id: 7',
    );
    expect(describeChanges({ amount: [2050.5, null], mode: ['Cash', null] })).toBe(
      'Amount: ₹ 2,050.50 → —; Mode: Cash → —',
    );
  });

  it('names unknown fields in words and shows times on India’s clock', () => {
    expect(describeChanges({ road_area: [10, 12.5] })).toBe('Road area: 10 → 12.5');
    // An edit that fills a field shows it had none; a creation shows its values alone.
    expect(describeChanges({ mode: ['Cash', 'Cheque'], mode_detail: [null, 'SBI 1'] })).toBe(
      'Mode: Cash → Cheque; Mode detail: — → SBI 1',
    );
    expect(describeChanges({ mode_detail: [null, 'SBI 1'] }, 'update')).toBe('Mode detail: — → SBI 1');
    expect(describeChanges({ mode_detail: [null, 'SBI 1'] })).toBe('Mode detail: SBI 1');
    expect(describeChanges({ archived_at: [null, '2026-03-31T20:15:00.000Z'] })).toBe('Archived at: 01/04/2026 01:45');
    expect(describeChanges({})).toBe('');
    expect(describeChanges(null)).toBe('');
    expect(auditChangeLines({ enabled: [true, false] })).toEqual([
      { field: 'enabled', label: 'Enabled', before: 'Yes', after: 'No' },
    ]);
  });

  it('formats an instant as dd/mm/yyyy hh:mm in India', () => {
    expect(formatIndiaDateTime('2026-01-15T18:29:00Z')).toBe('15/01/2026 23:59');
    expect(formatIndiaDateTime('2026-01-15T18:30:00Z')).toBe('16/01/2026 00:00');
    expect(formatIndiaDateTime(null)).toBe('-');
  });
});

describe('describeChanges of a receipt line', () => {
  it('names the line without an arrow and the total with one', () => {
    expect(describeChanges({ line_id: [117, 117], amount: [2500, 2000], total: [12500, 12000] }, 'update')).toBe(
      'Amount: ₹ 2,500.00 → ₹ 2,000.00; Receipt total: ₹ 12,500.00 → ₹ 12,000.00; Receipt line: 117',
    );
  });
});
