import { purchaseRowSchema } from '@plotbook/domain';
import { ApiError } from '@/lib/api-client';
import { maxLengthOf } from '@/lib/max-length';
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
 * amount and the partner who paid or was paid (one of the project's partners).
 */
export function moneyRowColumns(options: {
  particulars: readonly string[];
  modes: readonly string[];
  projectId: number | null;
  /** The amount is filled in and locked for these rows (a receipt's Installment line). */
  isAmountLocked?: (row: MoneyRowValues) => boolean;
}): RowColumn<MoneyRowValues>[] {
  const { particulars, modes, projectId, isAmountLocked } = options;
  return [
    { key: 'particular', label: 'Particular', kind: 'select', options: particulars, isRequired: true, width: 170 },
    { key: 'date', label: 'Date', kind: 'date', isRequired: true, width: 150 },
    { key: 'mode', label: 'Mode', kind: 'select', options: modes, isRequired: true, width: 120 },
    {
      key: 'modeDetail',
      label: 'Mode Detail',
      kind: 'text',
      placeholder: 'Cheque no., UTR…',
      width: 150,
      maxLength: maxLengthOf(purchaseRowSchema.shape.modeDetail),
    },
    {
      key: 'creditTo',
      label: 'Credit To',
      kind: 'text',
      placeholder: 'Paid to',
      width: 140,
      maxLength: maxLengthOf(purchaseRowSchema.shape.creditTo),
    },
    { key: 'modeDate', label: 'Mode Date', kind: 'date', follows: 'date', width: 150 },
    { key: 'amount', label: 'Amount', kind: 'money', isRequired: true, width: 150, isReadOnly: isAmountLocked },
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
