import { EDIT_REASON_REQUIRED, editReasonMissing, VOID_REASON_REQUIRED, voidReasonMissing } from '@plotbook/domain';
import { badRequest, conflict } from './app-error.js';

/**
 * The rules of voids and edits of money rows, applied where a service voids or edits one (the rules themselves are
 * the domain's, packages/domain/src/schemas/voids.ts).
 */

/** The reason of a void: a 400 naming `reason` when none is given. */
export function voidReason(reason: string | null | undefined): string {
  const missing = voidReasonMissing(reason);
  if (missing || !reason) throw badRequest(VOID_REASON_REQUIRED, missing ?? { reason: VOID_REASON_REQUIRED });
  return reason.trim();
}

/** The reason of an edit: required (a 400 naming `reason`) when the row was saved before today in India. */
export function editReason(createdAt: Date | string, reason: string | null | undefined): string | null {
  const missing = editReasonMissing(new Date(createdAt), reason);
  if (missing) throw badRequest(EDIT_REASON_REQUIRED, missing);
  return reason?.trim() || null;
}

/** A voided row is neither voided again nor edited: a 409. */
export function assertLive(row: { voided_at: Date | string | null }, what: string): void {
  if (row.voided_at !== null) throw conflict(`This ${what} is already voided.`);
}

/** What a void changes, as the audit trail records it (the reason is the trail row's own `reason`). */
export const VOIDED = { voided: [false, true] as [unknown, unknown] };
