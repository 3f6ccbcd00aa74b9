import { z } from 'zod';

/** Lists that can grow without bound answer one page at a time; this is the default and the largest page. */
export const MAX_PAGE_LIMIT = 500;
/**
 * The default page of the paged reports (Payment Receipts, the partner reports) and of Payment To Partner's
 * receipts: their rows are wide (a dozen fields, joined names), so a first page of this many answers within the
 * docs/design.md §9 budget; a client may still ask for up to `MAX_PAGE_LIMIT`.
 */
export const REPORT_PAGE_LIMIT = 100;
/** The longest search text a list accepts. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * `?limit=&cursor=&q=` of a paged list. A limit above the maximum is lowered to it (so a client asking for more
 * simply gets full pages); anything that is not a whole number of at least 1 is refused. The cursor is opaque:
 * take it from the `Link` header.
 */
const LIMIT_ERROR = `limit must be a whole number of at least 1 (a page holds at most ${MAX_PAGE_LIMIT} rows)`;

export const pageQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,9}$/, LIMIT_ERROR)
    .transform(Number)
    .refine((n) => n >= 1, LIMIT_ERROR)
    .transform((n) => Math.min(n, MAX_PAGE_LIMIT))
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not valid; start again from the first page')
    .optional(),
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `q may have at most ${MAX_SEARCH_LENGTH} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'q may not contain control characters')
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
