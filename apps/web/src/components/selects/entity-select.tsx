import { Select, type SelectProps } from '@mantine/core';

export interface EntitySelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'nothingFoundMessage'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/** A searchable select over numeric ids, shared by the project, plot and partner selects. */
export function EntitySelect({
  value,
  onChange,
  options,
  isLoading,
  emptyMessage,
  ...props
}: EntitySelectProps & { options: { value: number; label: string }[]; isLoading: boolean; emptyMessage: string }) {
  return (
    <Select
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      {...props}
      placeholder={isLoading ? 'Loading…' : props.placeholder}
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={emptyMessage}
    />
  );
}
