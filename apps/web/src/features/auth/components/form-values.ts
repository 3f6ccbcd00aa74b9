import type { FormEvent } from 'react';

/** The trimmed-as-typed string values of a submitted form, by input name. */
export function readForm(event: FormEvent<HTMLFormElement>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(event.currentTarget)) {
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}
