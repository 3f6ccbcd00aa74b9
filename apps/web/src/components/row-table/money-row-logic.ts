import type { z } from 'zod';
import type { MoneyRowValues } from './money-rows';

/** A typed row as the API wants it: rupees as a number, ids as numbers, an empty mode date left to the server. */
export function toMoneyRowPayload(row: MoneyRowValues) {
  return {
    particular: row.particular,
    // The spec's wire format: the date plus T00:00:00.
    date: row.date ? `${row.date}T00:00:00` : '',
    mode: row.mode,
    modeDetail: row.modeDetail.trim() || null,
    creditTo: row.creditTo.trim() || null,
    modeDate: row.modeDate ? `${row.modeDate}T00:00:00` : null,
    amount: Number(row.amount),
    partnerId: Number(row.partnerId),
  };
}

/**
 * Runs the API's own zod schema over a batch before it is sent. Returns the rows, typed as the API takes them,
 * or the first problem as "Row 2: Amount must be more than 0" with the cell to mark (`1.amount`, as the server
 * names it).
 */
export function checkRows<Row>(
  schema: z.ZodType,
  payload: unknown[],
): { rows: Row[]; problem: null } | { rows: null; problem: { text: string; fields: Record<string, string> } } {
  const result = schema.safeParse(payload);
  // It passed the API's schema, so it is the API's input type.
  if (result.success) return { rows: payload as Row[], problem: null };
  const issue = result.error.issues[0];
  const [rowIndex, key] = issue?.path ?? [];
  if (!issue || typeof rowIndex !== 'number') {
    return { rows: null, problem: { text: issue?.message ?? 'Please check the rows.', fields: {} } };
  }
  return {
    rows: null,
    problem: {
      text: `Row ${rowIndex + 1}: ${issue.message}`,
      fields: key === undefined ? {} : { [`${rowIndex}.${String(key)}`]: issue.message },
    },
  };
}
