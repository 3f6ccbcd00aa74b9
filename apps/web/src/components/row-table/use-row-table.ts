import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COMPLETE_ROW_FIRST, isRowComplete, missingKeys, updateCell } from './row-logic';
import type { RowColumn, RowValues } from './types';

export interface RowTableState<R extends RowValues> {
  columns: readonly RowColumn<R>[];
  rows: R[];
  /** The rows Save All sends: blank rows at the end (added but never typed in) are left out. */
  rowsToSave: R[];
  /** Something has been typed into a row (leaving the page would lose it). */
  isDirty: boolean;
  /** "Please complete the current row before adding a new one." after a refused Add Row. */
  notice: string | null;
  /** A stable key per row for React (rows have no id until they are saved). */
  rowKeys: number[];
  /** Set by Add Row so the new row's first cell takes the focus (a new object each time). */
  focusRequest: { rowIndex: number } | null;
  update: (index: number, key: keyof R & string, value: string) => void;
  /** Sets one cell in every row (e.g. clears the partner when the project changes). */
  updateAll: (key: keyof R & string, value: string) => void;
  /** Adds a blank row when the last row is complete; otherwise shows the notice and returns false. */
  addRow: () => boolean;
  /** Deleting the only row leaves one blank row. */
  removeRow: (index: number) => void;
  /** One blank row again, errors cleared (after a successful save). */
  reset: () => void;
  /** Highlights every empty required cell of the rows to save; true when they are all complete. */
  validate: () => boolean;
  /** Marks cells the server refused, keyed `rowIndex.key` as the API sends them. */
  setCellErrors: (fields: Record<string, string> | undefined) => void;
  hasError: (index: number, key: string) => boolean;
}

interface Item<R> {
  key: number;
  values: R;
}

/**
 * The rows of a RowTable, kept in the screen that owns them. `derive` fills cells that follow from others (an
 * Installment line's amount): it runs after every change, and over every row when the screen gives a new one.
 */
export function useRowTable<R extends RowValues>(
  columns: readonly RowColumn<R>[],
  blankRow: () => R,
  derive?: (row: R) => R,
): RowTableState<R> {
  const nextKey = useRef(1);
  const makeItem = useCallback((): Item<R> => ({ key: nextKey.current++, values: blankRow() }), [blankRow]);
  const [items, setItems] = useState<Item<R>[]>(() => [makeItem()]);
  const rows = useMemo(() => items.map((item) => item.values), [items]);
  const rowKeys = useMemo(() => items.map((item) => item.key), [items]);
  const rowsToSave = useMemo(() => withoutBlankTail(rows, blankRow), [rows, blankRow]);
  const isDirty = useMemo(() => rows.some((row) => !isBlankRow(row, blankRow())), [rows, blankRow]);
  const [isAddRefused, setIsAddRefused] = useState(false);
  const [isShowingErrors, setIsShowingErrors] = useState(false);
  const [cellErrors, setCellErrorsState] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState<{ rowIndex: number } | null>(null);

  const deriveRow = useCallback((row: R) => (derive ? derive(row) : row), [derive]);

  // What the derived cells follow from can change outside the rows (another plot chosen): derive them again.
  useEffect(() => {
    if (!derive) return;
    setItems((current) => {
      const next = current.map((item) => {
        const values = derive(item.values);
        return values === item.values ? item : { ...item, values };
      });
      return next.some((item, i) => item !== current[i]) ? next : current;
    });
  }, [derive]);

  const update = useCallback(
    (index: number, key: keyof R & string, value: string) => {
      setItems((current) =>
        current.map((item, i) =>
          i === index ? { ...item, values: deriveRow(updateCell(columns, item.values, key, value)) } : item,
        ),
      );
      setCellErrorsState((current) => {
        const id = `${index}.${key}`;
        if (!(id in current)) return current;
        const { [id]: _removed, ...rest } = current;
        return rest;
      });
    },
    [columns, deriveRow],
  );

  const updateAll = useCallback((key: keyof R & string, value: string) => {
    setItems((current) => current.map((item) => ({ ...item, values: { ...item.values, [key]: value } })));
  }, []);

  const addRow = useCallback(() => {
    const last = rows[rows.length - 1];
    if (last && !isRowComplete(columns, last)) {
      setIsAddRefused(true);
      setIsShowingErrors(true);
      return false;
    }
    setIsAddRefused(false);
    const item = makeItem();
    setItems((current) => [...current, item]);
    setFocusRequest({ rowIndex: rows.length });
    return true;
  }, [rows, columns, makeItem]);

  const removeRow = useCallback(
    (index: number) => {
      const blank = makeItem();
      setItems((current) => {
        const next = current.filter((_, i) => i !== index);
        return next.length > 0 ? next : [blank];
      });
      // Row numbers shift after a delete, so errors the server named by row no longer apply.
      setCellErrorsState({});
      setIsAddRefused(false);
    },
    [makeItem],
  );

  const reset = useCallback(() => {
    setItems([makeItem()]);
    setIsAddRefused(false);
    setIsShowingErrors(false);
    setCellErrorsState({});
    setFocusRequest(null);
  }, [makeItem]);

  const validate = useCallback(() => {
    setIsShowingErrors(true);
    return rowsToSave.every((row) => isRowComplete(columns, row));
  }, [rowsToSave, columns]);

  const setCellErrors = useCallback((fields: Record<string, string> | undefined) => {
    setCellErrorsState(fields ?? {});
  }, []);

  const last = rows[rows.length - 1];
  // The notice goes away by itself once the last row is complete.
  const notice = isAddRefused && last && !isRowComplete(columns, last) ? COMPLETE_ROW_FIRST : null;

  // A blank row at the end is not saved, so it is not marked either.
  const missing = useMemo(() => rowsToSave.map((row) => new Set(missingKeys(columns, row))), [rowsToSave, columns]);

  const hasError = useCallback(
    (index: number, key: string) => {
      if (`${index}.${key}` in cellErrors) return true;
      if (!isShowingErrors) return false;
      return missing[index]?.has(key) ?? false;
    },
    [cellErrors, isShowingErrors, missing],
  );

  return {
    columns,
    rows,
    rowsToSave,
    isDirty,
    rowKeys,
    notice,
    focusRequest,
    update,
    updateAll,
    addRow,
    removeRow,
    reset,
    validate,
    setCellErrors,
    hasError,
  };
}

/** Drops untouched rows at the end, keeping at least one row (so an empty table still asks to be filled). */
function withoutBlankTail<R extends RowValues>(rows: R[], blankRow: () => R): R[] {
  const blank = blankRow();
  let end = rows.length;
  while (end > 1 && isBlankRow(rows[end - 1] as R, blank)) end--;
  return end === rows.length ? rows : rows.slice(0, end);
}

function isBlankRow<R extends RowValues>(row: R, blank: R): boolean {
  return Object.keys({ ...blank, ...row }).every((key) => (row[key] ?? '') === (blank[key] ?? ''));
}
