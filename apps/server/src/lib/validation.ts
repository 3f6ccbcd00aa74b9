import { rowPrefix, zodFieldErrors } from '@plotbook/domain';
import { badRequest } from './app-error.js';

export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * A 400 for failed validation: `fields` maps each field's path (`0.modeDetail`) to its message, and the
 * message is the first of them, with the row it is in (`Row 1: Mode detail may have at most 200 characters`).
 * The messages themselves are the schemas' own or the plain ones of the domain's messages.ts.
 */
export function invalidInput(issues: readonly ValidationIssue[]) {
  const first = issues[0];
  const message = first ? `${rowPrefix(first.path)}${first.message}` : 'The request is not valid.';
  return badRequest(message, zodFieldErrors(issues));
}
