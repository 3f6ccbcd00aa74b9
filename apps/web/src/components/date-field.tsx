import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads what a user types as a day-first date (05/03/2026, 5-3-2026, 5.3.2026) or as 2026-03-05; a partial
 * or impossible date (31/02/2026) reads as nothing, so the value only changes once the date is complete.
 */
export function parseDayFirst(text: string): string | null {
  const trimmed = text.trim();
  const dmy = DMY.exec(trimmed);
  const ymd = YMD.exec(trimmed);
  const [year, month, day] = dmy
    ? [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])]
    : ymd
      ? [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
}

/** A date typed or picked as dd/mm/yyyy (whatever the browser's language), kept as `YYYY-MM-DD`. */
export function DateField({ value, onChange, placeholder = 'dd/mm/yyyy', ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayFirst}
      placeholder={placeholder}
      clearable
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
    />
  );
}
