import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { type FormStatusMessage, failureMessage } from '../form-status';
import { PartnerSelect } from '../selects/partner-select';
import { firstErrorRow } from './row-logic';
import type { RowColumn } from './types';

/** The cells every money row shares (purchase, development, receipt lines), as typed. */
export type MoneyRowValues = {
  particular: string;
  date: string;
  mode: string;
  modeDetail: string;
  creditTo: string;
  modeDate: string;
  amount: string;
  partnerId: string;
};

/** Keep the function itself stable (module level): the row table calls it for every new row. */
export function blankMoneyRow(): MoneyRowValues {
  return { particular: '', date: '', mode: '', modeDetail: '', creditTo: '', modeDate: '', amount: '', partnerId: '' };
}

/**
 * The columns of a money row: particular, date, mode, mode detail, credit to, mode date (follows the date),
 * amount and the partner who paid (one of the project's partners).
 */
export function moneyRowColumns(options: {
  particulars: readonly string[];
  modes: readonly string[];
  projectId: number | null;
}): RowColumn<MoneyRowValues>[] {
  const { particulars, modes, projectId } = options;
  return [
    { key: 'particular', label: 'Particular', kind: 'select', options: particulars, isRequired: true, width: 170 },
    { key: 'date', label: 'Date', kind: 'date', isRequired: true, width: 150 },
    { key: 'mode', label: 'Mode', kind: 'select', options: modes, isRequired: true, width: 120 },
    { key: 'modeDetail', label: 'Mode Detail', kind: 'text', placeholder: 'Cheque no., UTR…', width: 150 },
    { key: 'creditTo', label: 'Credit To', kind: 'text', placeholder: 'Paid to', width: 140 },
    { key: 'modeDate', label: 'Mode Date', kind: 'date', follows: 'date', width: 150 },
    { key: 'amount', label: 'Amount', kind: 'money', isRequired: true, width: 150 },
    {
      key: 'partnerId',
      label: 'Partner',
      kind: 'custom',
      isRequired: true,
      width: 180,
      render: ({ value, onChange, ariaLabel, label, id, hasError, required }) => (
        <PartnerSelect
          id={id}
          projectId={projectId}
          label={label ?? null}
          aria-label={ariaLabel}
          aria-invalid={hasError || undefined}
          error={hasError}
          required={Boolean(label) && required}
          placeholder="Partner"
          value={value ? Number(value) : null}
          onChange={(partnerId) => onChange(partnerId === null ? '' : String(partnerId))}
          size="sm"
          clearable={false}
        />
      ),
    },
  ];
}

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
 * "Error saving purchases" with the server's reason under it, naming the row the server pointed at when its
 * message does not say so itself (the field `1.particular` is row 2).
 */
export function rowSaveFailure(text: string, error: unknown): FormStatusMessage {
  const message = failureMessage(text, error);
  const row = error instanceof ApiError ? firstErrorRow(error.fields) : null;
  if (message.detail && row !== null && !/^Row \d+/.test(message.detail)) {
    return { ...message, detail: `${message.detail} (row ${row})` };
  }
  return message;
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
