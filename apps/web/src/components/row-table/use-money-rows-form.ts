import { modals } from '@mantine/modals';
import { formatDate, PAYMENT_MODES, ROW_REQUIRED } from '@plotbook/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { ApiError } from '@/lib/api-client';
import { checkRows, toMoneyRowPayload } from './money-row-logic';
import { blankMoneyRow, type MoneyRowValues, moneyRowColumns, rowSaveFailure } from './money-rows';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRowTable } from './use-row-table';

type SaveRows<Row> = UseMutationResult<unknown, Error, { rows: Row[]; idempotencyKey: string }>;

/**
 * The state and save flow every money-row screen shares (purchases, development, later receipts): the row
 * table, a status message, and `submit`, which checks the rows on the client with the API's own schema, sends
 * them in one call with an idempotency key, resets the rows after success and marks the cells the server names.
 */
export function useMoneyRowsForm<Row>(options: {
  particulars: readonly string[];
  projectId: number | null;
  schema: z.ZodType;
  mutation: SaveRows<Row>;
  successText: string;
  failureText: string;
  /** Show a 409's own text alone (the spec's development screen does). */
  showConflictText?: boolean;
  /** The modes offered (purchase and development: Cash, Online, Cheque; receipts have their own). */
  modes?: readonly string[];
  /** Fills cells that follow from others after every change (see useRowTable); keep it stable (useCallback). */
  derive?: (row: MoneyRowValues) => MoneyRowValues;
  /** Rows whose amount is filled in by `derive` and cannot be typed. */
  isAmountLocked?: (row: MoneyRowValues) => boolean;
  /** Called with the server's answer after a successful save. */
  onSaved?: (response: unknown) => void;
}) {
  const { particulars, projectId, schema, mutation, successText, failureText, showConflictText } = options;
  const { modes = PAYMENT_MODES, derive, isAmountLocked, onSaved } = options;
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, renewIdempotencyKey] = useIdempotencyKey();
  const columns = useMemo(
    () => moneyRowColumns({ particulars, modes, projectId, isAmountLocked }),
    [particulars, modes, projectId, isAmountLocked],
  );
  const table = useRowTable(columns, blankMoneyRow, derive);
  const fail = (text: string) => setStatus({ kind: 'error', text });

  /** `toRow` adds the screen's own fields (project, category, plot) to each row's money fields. */
  const submit = (toRow: (money: ReturnType<typeof toMoneyRowPayload>) => object) => {
    if (mutation.isPending) return;
    if (!table.validate()) return fail(ROW_REQUIRED);
    const { rows, problem } = checkRows<Row>(
      schema,
      table.rowsToSave.map((row) => toRow(toMoneyRowPayload(row))),
    );
    if (problem) {
      table.setCellErrors(problem.fields);
      return fail(problem.text);
    }
    const send = () =>
      mutation.mutate(
        { rows, idempotencyKey },
        {
          onSuccess: (response) => {
            setStatus({ kind: 'success', text: successText });
            table.reset();
            renewIdempotencyKey();
            onSaved?.(response);
          },
          onError: (error) => {
            if (showConflictText && error instanceof ApiError && error.status === 409) {
              setStatus(failureMessage(error.message, null));
              return;
            }
            if (error instanceof ApiError) table.setCellErrors(rowFields(error.fields));
            setStatus(rowSaveFailure(failureText, error));
          },
        },
      );
    // A payment can be dated before its entry (a cheque written earlier), so this asks rather than refuses.
    const early = table.rowsToSave.findIndex(
      (row) => row.modeDate !== '' && row.date !== '' && row.modeDate < row.date,
    );
    const earlyRow = table.rowsToSave[early];
    if (!earlyRow) return send();
    modals.openConfirmModal({
      title: 'Mode date before the entry date',
      children: `Row ${early + 1}: the mode date ${formatDate(earlyRow.modeDate)} is before the date ${formatDate(earlyRow.date)}. Save anyway?`,
      labels: { confirm: 'Save anyway', cancel: 'Go back' },
      onConfirm: send,
    });
  };

  return { table, status, setStatus, fail, submit, isSaving: mutation.isPending };
}

/** A receipt's lines come back as `payments.1.amount`; the table names its cells `1.amount`. */
function rowFields(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, message]) => [key.replace(/^[A-Za-z]+\.(?=\d)/, ''), message]),
  );
}
