/** One validation problem: where it is (`['projects', 0, 'projectId']`) and what is wrong. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Field errors of a failed validation, keyed by the dotted path (`projects.0.projectId`, `1.particular`): the
 * first message of each field wins, and an issue on the whole value is keyed `body`. Takes a ZodError (or any
 * `{issues}`) or the issues themselves, so the web forms and the server's error handler name fields alike.
 */
export function zodFieldErrors(
  error: { readonly issues: readonly FieldIssue[] } | readonly FieldIssue[] | null | undefined,
): Record<string, string> {
  const issues = Array.isArray(error) ? error : ((error as { issues?: readonly FieldIssue[] } | null)?.issues ?? []);
  const fields: Record<string, string> = {};
  for (const issue of issues as readonly FieldIssue[]) {
    const field = issue.path.map(String).join('.') || 'body';
    fields[field] ??= issue.message;
  }
  return fields;
}
