import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';

/** `YYYY-MM-DD` or `YYYY-MM-DDT00:00:00` (what the web sends); normalised to `YYYY-MM-DD`. */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z?)?$/, 'Enter a date as YYYY-MM-DD')
  .transform((v) => v.slice(0, 10))
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Enter a real calendar date',
    },
  );

/** A rupee amount: finite, not negative, at most 2 decimals, below ₹ 1,000 crore crore. */
export const rupees = z
  .number({ error: 'Enter an amount' })
  .finite()
  .min(0, 'Amount cannot be negative')
  .max(1e13, 'Amount is too large')
  .refine(hasAtMostTwoDecimals, 'Amount may have at most 2 decimals');

/** Square feet or a rate: not negative, at most 2 decimals. */
export const area = z
  .number({ error: 'Enter a number' })
  .finite()
  .min(0, 'Cannot be negative')
  .max(1e11, 'Too large')
  .refine(hasAtMostTwoDecimals, 'At most 2 decimals');

export const id = z.coerce.number().int().positive();

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254)
  .regex(/^[^\s@]+@[^\s@.][^\s@]*$/, 'Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const mobileNumber = z
  .string({ error: 'Mobile number is required' })
  .trim()
  .regex(/^\+?\d{7,15}$/, 'Mobile number must be 7 to 15 digits');

export interface ErrorBody {
  message: string;
  fields?: Record<string, string>;
}
