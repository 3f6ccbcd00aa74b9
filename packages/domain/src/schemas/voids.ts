import { z } from 'zod';
import { plainText } from './common.js';

/**
 * Voids instead of deletes for money (issue 19): a purchase or development entry (a partner contribution), a
 * receipt line or a payout is voided, never deleted. It stays, with who voided it, when and why, and leaves every
 * total and report; a list shows it (struck through) only when asked (`?voided=include`).
 */

export const VOID_REASON_REQUIRED = 'Give a reason for voiding this entry';
export const EDIT_REASON_REQUIRED = 'Give a reason: this entry was saved before today';
export const REASON_MAX_LENGTH = 500;

/** A reason as typed: trimmed, plain text, at most REASON_MAX_LENGTH characters; blank is "none given". */
export const reasonText = plainText({ label: 'Reason' })
  .max(REASON_MAX_LENGTH, `Reason may be at most ${REASON_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

/** A void's body (`{ reason }`); whether a reason was given is `voidReasonMissing`'s to say (a 400 naming it). */
export const voidBodySchema = z.object({ reason: reasonText }).nullish();
/** A void's query (`?reason=`), the other place a DELETE may carry its reason. */
export const voidQuerySchema = z.object({ reason: reasonText });

/** `?voided=include` lists voided rows too (each with its `voidedAt`, `voidedBy`, `voidReason`); else only live ones. */
export const voidedQuery = { voided: z.enum(['include', 'exclude']).optional() };
export const includesVoided = (query: { voided?: 'include' | 'exclude' }) => query.voided === 'include';

/** What every voidable row answers: when, by whom (the user's name) and why it was voided; all null when live. */
export const voidShape = {
  voidedAt: z.iso.datetime().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
};

/** The day of `at` in India (one offset all year, +05:30), `YYYY-MM-DD`. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** The field error of a void without a reason, or null when it has one. */
export function voidReasonMissing(reason: string | null | undefined): Record<'reason', string> | null {
  return reason?.trim() ? null : { reason: VOID_REASON_REQUIRED };
}

/**
 * The field error of an edit of a money row saved before today (India's day) without a reason, or null: a
 * correction of an old row says why; a same-day fix need not.
 */
export function editReasonMissing(
  createdAt: Date,
  reason: string | null | undefined,
  now: Date = new Date(),
): Record<'reason', string> | null {
  if (reason?.trim() || indiaDay(createdAt) >= indiaDay(now)) return null;
  return { reason: EDIT_REASON_REQUIRED };
}
