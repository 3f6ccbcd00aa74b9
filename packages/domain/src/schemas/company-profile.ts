import { z } from 'zod';
import { LOGO_MIME_TYPES } from '../constants.js';
import { isPan, PAN_MESSAGE } from './buyers.js';
import { optionalText, plainText } from './common.js';

export const GSTIN_MESSAGE = 'Enter a valid GSTIN, e.g. 27ABCDE1234F1Z5';
export const RECEIPT_PREFIX_MESSAGE = 'The receipt prefix is 1 to 4 capital letters or digits, e.g. RCT';
export const LOGO_MESSAGE = 'The logo must be a PNG or JPEG image of at most 512 KB';
/** The largest logo kept (bytes): the letterhead draws it small. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const COMPANY_PROFILE_SAVED = 'Company profile saved.';

/** GSTIN: 2-digit state code, the PAN, the entity number, Z, a check character (`27ABCDE1234F1Z5`). */
export const isGstin = (text: string) => /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/.test(text);

/** An optional code, spaces taken out and upper-cased, checked by `valid`; blank is null. */
const code = (max: number, valid: (text: string) => boolean, message: string) =>
  plainText()
    .max(max + 10, message)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const text = v.replace(/\s/g, '').toUpperCase();
      if (!valid(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });

/** `PUT /api/company-profile` (tenant admin): the letterhead and the receipt series' prefix. */
export const updateCompanyProfileSchema = z.object({
  companyName: optionalText(120),
  address: plainText({ multiline: true })
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
  gstin: code(15, isGstin, GSTIN_MESSAGE),
  pan: code(10, isPan, PAN_MESSAGE),
  reraNo: optionalText(60),
  receiptPrefix: plainText({ label: 'Receipt prefix', required: RECEIPT_PREFIX_MESSAGE })
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => /^[A-Z0-9]{1,4}$/.test(v), RECEIPT_PREFIX_MESSAGE),
  /** The logo's bytes in base64 (a PNG or JPEG, checked by its bytes); null removes it; left out keeps it. */
  logo: z
    .string()
    .max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 8, LOGO_MESSAGE)
    .nullish(),
});
export type UpdateCompanyProfileInput = z.input<typeof updateCompanyProfileSchema>;
export type UpdateCompanyProfile = z.output<typeof updateCompanyProfileSchema>;

/** `GET /api/company-profile`: what the letterhead says; the logo itself is `GET /api/company-profile/logo`. */
export const companyProfileSchema = z.object({
  /** The name on the letterhead: the profile's, or the company's name when the profile has none. */
  companyName: z.string(),
  address: z.string().nullable(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  reraNo: z.string().nullable(),
  receiptPrefix: z.string(),
  logoType: z.enum(LOGO_MIME_TYPES).nullable(),
});
export type CompanyProfileDto = z.output<typeof companyProfileSchema>;
export type CompanyProfileAnswer = z.input<typeof companyProfileSchema>;

/** The type of an image by its first bytes (PNG or JPEG), or null. */
export function logoTypeOf(bytes: Uint8Array): (typeof LOGO_MIME_TYPES)[number] | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** `?asOf=` of a statement of account: a day `YYYY-MM-DD`, today in India when left out. */
export const statementQuerySchema = z.object({
  asOf: z.iso.date({ error: 'asOf must be a date, YYYY-MM-DD' }).optional(),
});

/** `POST /api/document/mail`: one document mailed to the buyer as a PDF attachment. */
export const mailDocumentSchema = z.object({
  kind: z.enum(['receipt', 'statement', 'allotment-letter'], {
    error: 'kind must be receipt, statement or allotment-letter',
  }),
  id: z.number({ error: 'id is required' }).int().positive('id is required'),
  asOf: z.iso.date({ error: 'asOf must be a date, YYYY-MM-DD' }).optional(),
});
export type MailDocument = z.output<typeof mailDocumentSchema>;
export const documentMailedSchema = z.object({ message: z.string(), to: z.string() });
export type DocumentMailedDto = z.output<typeof documentMailedSchema>;
