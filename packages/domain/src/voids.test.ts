import { describe, expect, it } from 'vitest';
import {
  EDIT_REASON_REQUIRED,
  editReasonMissing,
  indiaDay,
  VOID_REASON_REQUIRED,
  voidReasonMissing,
} from './schemas/voids.js';

describe('voids and edit reasons', () => {
  it("reads a moment's day in India (+05:30)", () => {
    expect(indiaDay(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(indiaDay(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });

  it('wants a reason for every void', () => {
    expect(voidReasonMissing(undefined)).toEqual({ reason: VOID_REASON_REQUIRED });
    expect(voidReasonMissing('   ')).toEqual({ reason: VOID_REASON_REQUIRED });
    expect(voidReasonMissing('Entered twice')).toBeNull();
  });

  it("wants a reason for an edit only when the row was saved before today's day in India", () => {
    const now = new Date('2026-04-01T03:00:00Z'); // 08:30 in India, 1 April
    expect(editReasonMissing(new Date('2026-03-31T18:31:00Z'), null, now)).toBeNull(); // 00:01, 1 April
    expect(editReasonMissing(new Date('2026-03-31T18:29:00Z'), null, now)).toEqual({ reason: EDIT_REASON_REQUIRED });
    expect(editReasonMissing(new Date('2026-03-01T10:00:00Z'), 'Wrong amount', now)).toBeNull();
  });
});
