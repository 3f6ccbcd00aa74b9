import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';
import { fieldLabel } from './messages.js';

/** The label of the field an issue is about, for messages shared by many fields (see messages.ts). */
const named = (text: string) => (issue: { path?: readonly PropertyKey[] }) => `${fieldLabel(issue.path ?? [])} ${text}`;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder text on screen. */
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
/** Zero-width space, word joiner and byte-order mark: invisible, they make two equal-looking names differ. */
const isZeroWidth = (code: number) => code === 0x200b || code === 0x2060 || code === 0xfeff;
/** A character of a script other than ASCII (Devanagari, say), where ZWJ/ZWNJ shape conjuncts. */
const isNonAsciiLetter = (code: number) =>
  code > 0x7f &&
  code !== ZWNJ &&
  code !== ZWJ &&
  !isBidiControl(code) &&
  !isZeroWidth(code) &&
  !/\s/.test(String.fromCharCode(code));

/**
 * C0 control characters and DEL, bidi overrides and isolates, and zero-width characters. Nobody types them; NUL
 * is refused by PostgreSQL (a 500 instead of a 400), and the rest hide or reorder text (`U+202E` shows
 * "exe.txt" as "txt.exe") or break exports. The zero-width (non-)joiner is kept between two letters of a
 * non-Latin script, where Marathi and Hindi spell with it, and refused anywhere else. A multi-line field may
 * keep tab and line breaks.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === ZWNJ || code === ZWJ) {
      // charCodeAt answers NaN past either end, which is no letter.
      if (isNonAsciiLetter(value.charCodeAt(i - 1)) && isNonAsciiLetter(value.charCodeAt(i + 1))) continue;
      return true;
    }
    if (code >= 0x20 && code !== 0x7f && !isBidiControl(code) && !isZeroWidth(code)) continue;
    if (options.multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

/**
 * The base of every text field: a trimmed string without control characters. `label` names the field in the
 * messages; without one, the field's name in the payload does (`modeDetail` → "Mode detail"). `required` is the
 * message when the value is missing or not a string.
 */
export const plainText = (options: { label?: string; multiline?: boolean; required?: string } = {}) =>
  z
    .string(options.required ? { error: options.required } : undefined)
    .trim()
    .refine((v) => !hasControlCharacters(v, options), {
      error: (issue) => `${options.label ?? fieldLabel(issue.path ?? [])} may not contain control characters`,
    });

/** The earliest and latest business date Plotbook records (a sale, a receipt, a payout, a registration). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2199-12-31';
export const DATE_RANGE_MESSAGE = 'Enter a date between 01/01/1900 and 31/12/2199';

/** Whether a `YYYY-MM-DD` date lies within MIN_DATE..MAX_DATE. */
export const isDateInRange = (v: string) => v >= MIN_DATE && v <= MAX_DATE;

/**
 * `YYYY-MM-DD` or `YYYY-MM-DDT00:00:00` (what the web sends); normalised to `YYYY-MM-DD`. Every business date
 * lies within MIN_DATE..MAX_DATE, so the dates worked out from it (an EMI schedule 30 years on) stay 4-digit years.
 */
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
  )
  .refine(isDateInRange, { message: DATE_RANGE_MESSAGE });

/** A date as the API answers it: `YYYY-MM-DD`. */
export const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The answer of a route that only reports what it did (a delete, for one). */
export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** The largest amount Plotbook records: ₹ 10 lakh crore (paise stay far below 2^53). */
export const MAX_RUPEES = 1e13;

/**
 * The most money one company may have recorded, every amount of every kind added up (purchase and development
 * entries, sales, receipt lines of any status, payouts): ₹ 50 lakh crore. Each report total is a signed sum of some
 * of these, so it stays where a JavaScript number is exact to the paisa twice over: as paise (below 2^53) and as
 * the API's rupees with two decimals (below 2^46 rupees, about ₹ 70 lakh crore, a double still tells every paisa
 * apart). A write that would take the company past it is refused (`COMPANY_MONEY_FULL`, kept by the database).
 */
export const MAX_COMPANY_MONEY_PAISE = 5e15;
/** The refusal of a write that would take the company's recorded money past `MAX_COMPANY_MONEY_PAISE`. */
export const COMPANY_MONEY_FULL =
  'This amount would take the money recorded by this company past ₹ 50 lakh crore, the most its reports can ' +
  'total to the paisa. Check the amount.';

/** A rupee amount: finite, not negative, at most 2 decimals, at most MAX_RUPEES. */
export const rupees = z
  .number({ error: 'Enter an amount' })
  .finite()
  .min(0, 'Amount cannot be negative')
  .max(MAX_RUPEES, 'Amount is too large')
  .refine(hasAtMostTwoDecimals, 'Amount may have at most 2 decimals');

/** Square feet or a rate: not negative, at most 2 decimals. */
export const area = z
  .number({ error: named('must be a number') })
  .finite()
  .min(0, { error: named('cannot be negative') })
  .max(1e11, { error: named('is too large') })
  .refine(hasAtMostTwoDecimals, { error: named('may have at most 2 decimals') });

/** The largest id a database `integer` column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A record id: a positive whole number, or (in paths and query strings) its plain decimal digits. `true`,
 * `" 1"`, `0x10` and `1e3` are refused, where `Number()` would read them as numbers.
 */
export const positiveId = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : v),
    z
      .number(message ? { error: message } : { error: named('must be a whole number above 0') })
      .int()
      .positive()
      .max(MAX_ID),
  );

export const id = positiveId();

export const email = plainText({ label: 'Email', required: 'Email is required' })
  .min(1, 'Email is required')
  .max(254, 'Email may have at most 254 characters')
  .regex(/^[^\s@]+@[^\s@.][^\s@]*$/, 'Enter a valid email address')
  .transform((v) => v.toLowerCase());

export const requiredText = (label: string, max = 200) =>
  plainText({ label, required: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} may have at most ${max} characters`);

/** An optional text field; blank becomes null. Its messages name it by its field name. */
export const optionalText = (max = 200) =>
  plainText()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const MOBILE_MESSAGE = 'Enter a valid mobile number, e.g. 98220 11111';

/**
 * A mobile number as people write it: `98220 11111`, `+91 98220 11111`, `091-9822011111`, `(+91) 98220-11111`.
 * Indian numbers (10 digits, optionally after +91, 91 or 0) are stored as `+919822011111`; other countries
 * need their `+` code and are stored as `+` and the digits. Anything else reads as null.
 */
export function normaliseMobile(text: string): string | null {
  const compact = text.trim().replace(/[\s().-]/g, '');
  const match = /^(\+?)(\d+)$/.exec(compact);
  if (!match) return null;
  const [, plus, digits = ''] = match;
  if (plus) {
    if (digits.startsWith('91')) return digits.length === 12 ? `+${digits}` : null;
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0') ? `+${digits}` : null;
  }
  if (digits.length === 10 && !digits.startsWith('0')) return `+91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `+91${digits.slice(1)}`;
  if (digits.length === 12 && digits.startsWith('91')) return `+${digits}`;
  return null;
}

/** The longest a typed mobile number may be, separators included. */
export const MOBILE_MAX_LENGTH = 20;

export const mobileNumber = z
  .string({ error: 'Mobile number is required' })
  .trim()
  .min(1, 'Mobile number is required')
  .max(MOBILE_MAX_LENGTH, MOBILE_MESSAGE)
  .transform((v, ctx) => {
    const normalised = normaliseMobile(v);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
      return z.NEVER;
    }
    return normalised;
  });
/** A mobile number that may be left blank (null then). */
export const optionalMobileNumber = z
  .string()
  .trim()
  .max(MOBILE_MAX_LENGTH, MOBILE_MESSAGE)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const normalised = normaliseMobile(v);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
      return z.NEVER;
    }
    return normalised;
  });

export interface ErrorBody {
  message: string;
  fields?: Record<string, string>;
}
