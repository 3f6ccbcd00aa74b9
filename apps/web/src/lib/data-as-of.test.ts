import { describe, expect, it } from 'vitest';
import { dataAsOfText } from './data-as-of';

describe('dataAsOfText', () => {
  it("writes a lagging answer's time in India, and nothing for a time it cannot read", () => {
    expect(dataAsOfText('2026-11-28T08:35:09.120Z')).toBe('as of 14:05:09');
    expect(dataAsOfText('2026-11-28T18:31:00Z')).toBe('as of 00:01:00');
    expect(dataAsOfText('soon')).toBeNull();
  });
});
