import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors } from './validation.js';

const schema = z.object({
  name: z.string().min(1, 'Name is required').max(3, 'Name is too long'),
  rows: z.array(z.object({ amount: z.number({ error: 'Amount is required' }).positive('Amount must be more than 0') })),
});

describe('zodFieldErrors', () => {
  it('keys each field by its dotted path, rows by their index', () => {
    const result = schema.safeParse({ name: '', rows: [{ amount: 5 }, { amount: -1 }] });
    expect(zodFieldErrors(result.error)).toEqual({
      name: 'Name is required',
      'rows.1.amount': 'Amount must be more than 0',
    });
  });

  it('keeps the first message of a field that fails twice', () => {
    const twice = z.object({ code: z.string().min(5, 'Too short').regex(/^\d+$/, 'Digits only') });
    expect(zodFieldErrors(twice.safeParse({ code: 'ab' }).error)).toEqual({ code: 'Too short' });
  });

  it('names a problem with the whole value `body`', () => {
    expect(zodFieldErrors(schema.safeParse('not an object').error)).toEqual({ body: expect.any(String) });
  });

  it('takes plain issues as the server builds them from a validation error', () => {
    const issues = [
      { path: [0, 'particular'], message: 'Particular is required' },
      { path: [0, 'particular'], message: 'Particular is too long' },
      { path: ['modeDetail'], message: 'Mode detail may have at most 200 characters' },
    ];
    expect(zodFieldErrors(issues)).toEqual({
      '0.particular': 'Particular is required',
      modeDetail: 'Mode detail may have at most 200 characters',
    });
  });

  it('answers no errors for a passing value or nothing at all', () => {
    expect(zodFieldErrors(schema.safeParse({ name: 'ab', rows: [] }).error)).toEqual({});
    expect(zodFieldErrors(null)).toEqual({});
  });
});
