import type { ReminderResult } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { reminderDetails } from './reminder-details';

const rows = [
  { installmentId: 11, buyerName: 'Mahesh Thakre', plotName: 'Plot 8', installmentNo: 9 },
  { installmentId: 12, buyerName: 'Mahesh Thakre', plotName: 'Plot 8', installmentNo: 10 },
  { installmentId: 21, buyerName: 'Nitin Bawankar', plotName: 'Plot 9', installmentNo: 8 },
];
const result = (over: Partial<ReminderResult>): ReminderResult => ({
  sent: [],
  noEmail: [],
  skipped: [],
  message: '',
  ...over,
});

describe('reminderDetails', () => {
  it('says why an installment was left out (the 24-hour rule), by buyer, plot and installment', () => {
    const details = reminderDetails(
      result({
        skipped: [
          { installmentId: 11, reason: 'Reminded in the last 24 hours' },
          { installmentId: 12, reason: 'Reminded in the last 24 hours' },
        ],
      }),
      rows,
    );
    expect(details).toEqual(['Mahesh Thakre, Plot 8, installment #9, #10: reminded in the last 24 hours']);
  });

  it('lists the mailed, the buyers without email, then the left out', () => {
    const details = reminderDetails(
      result({
        sent: [{ buyerName: 'Mahesh Thakre', email: 'mahesh@example.com', installments: 1 }],
        noEmail: [{ buyerName: 'Nitin Bawankar', installments: 1 }],
        skipped: [{ installmentId: 99, reason: 'Not overdue' }],
      }),
      rows,
    );
    expect(details).toEqual([
      'Mahesh Thakre (mahesh@example.com)',
      'Nitin Bawankar: no email',
      'Installment id 99: not overdue',
    ]);
  });
});
