import type { ReactNode } from 'react';

/** One editable row: every cell is a string while it is being typed ('' is empty); screens convert on save. */
export type RowValues = Record<string, string>;

export type RowOption = string | { value: string; label: string };

/** What a `custom` column's render gets: the cell's value, a setter, and how to label and mark it. */
export interface CustomCellProps<R extends RowValues> {
  row: R;
  rowIndex: number;
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, e.g. "Partner row 2". */
  ariaLabel: string;
  /** The visible label (only in the card layout). */
  label: ReactNode;
  id: string;
  hasError: boolean;
  required: boolean;
}

export interface RowColumn<R extends RowValues> {
  key: keyof R & string;
  label: string;
  kind: 'select' | 'text' | 'date' | 'money' | 'custom';
  /** For `select`. */
  options?: readonly RowOption[];
  isRequired?: boolean;
  /** Cell width in the desktop table (px). */
  width?: number;
  placeholder?: string;
  /** For `text`: the longest value the API accepts. */
  maxLength?: number;
  /**
   * This cell follows another column of the same row (the mode date follows the date): when that column
   * changes and this cell is empty or still equal to its old value, it takes the new value.
   */
  follows?: keyof R & string;
  /** For `custom`. */
  render?: (cell: CustomCellProps<R>) => ReactNode;
  /** The cell shows its value but cannot be typed in for this row (e.g. an Installment's amount is locked). */
  isReadOnly?: (row: R) => boolean;
}
