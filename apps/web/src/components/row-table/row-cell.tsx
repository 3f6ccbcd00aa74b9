import { Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField } from '../date-field';
import { DecimalInput, toDecimal } from '../decimal-input';
import type { RowColumn, RowValues } from './types';

interface RowCellProps<R extends RowValues> {
  column: RowColumn<R>;
  row: R;
  rowIndex: number;
  id: string;
  hasError: boolean;
  /** Shown above the input in the card layout; the table has the column header instead. */
  showLabel: boolean;
  onChange: (value: string) => void;
}

function toSelectData(options: RowColumn<RowValues>['options']) {
  return (options ?? []).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

/** One editable cell of a RowTable, by its column's kind. */
export function RowCell<R extends RowValues>({
  column,
  row,
  rowIndex,
  id,
  hasError,
  showLabel,
  onChange,
}: RowCellProps<R>): ReactNode {
  const value = row[column.key] ?? '';
  const ariaLabel = `${column.label} row ${rowIndex + 1}`;
  const label = showLabel ? column.label : undefined;
  const readOnly = column.isReadOnly?.(row) ?? false;
  const common = {
    id,
    label,
    'aria-label': ariaLabel,
    'aria-invalid': hasError || undefined,
    error: hasError,
    required: showLabel && column.isRequired,
    placeholder: column.placeholder,
    size: 'sm' as const,
    readOnly,
    ...(readOnly ? { variant: 'filled' as const, title: `${column.label} is filled in for this row` } : {}),
  };

  switch (column.kind) {
    case 'select':
      return (
        <Select
          {...common}
          data={toSelectData(column.options)}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          searchable
          selectFirstOptionOnChange
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'date':
      return <DateField {...common} value={value} onChange={onChange} />;
    case 'money':
      return (
        <DecimalInput
          {...common}
          value={toDecimal(value)}
          onChange={(v) => onChange(v === '' ? '' : String(v))}
          leftSection="₹"
          styles={{ input: { textAlign: 'right' } }}
        />
      );
    case 'custom':
      return column.render?.({
        row,
        rowIndex,
        value,
        onChange,
        ariaLabel,
        label,
        id,
        hasError,
        required: Boolean(column.isRequired),
      });
    default:
      return (
        <TextInput
          {...common}
          value={value}
          maxLength={column.maxLength}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
