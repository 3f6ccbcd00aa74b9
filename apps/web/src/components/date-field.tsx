import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { type FocusEvent, useState } from 'react';

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

/** What a field says about text that is not a date (31/02/2026, 2026-13-01). */
export const notADate = (text: string) => `${text} is not a date; use dd/mm/yyyy`;

/**
 * A date typed or picked as dd/mm/yyyy (whatever the browser's language), kept as `YYYY-MM-DD`. Text that is
 * not a real date is kept in the field with an error under it and the value is emptied, rather than the field
 * silently going back to what it was. The clear (×) button is for the mouse only: Tab skips it, so Tab and
 * Enter cannot wipe the date by accident.
 */
export function DateField({ value, onChange, placeholder = 'dd/mm/yyyy', ...props }: DateFieldProps) {
  const [badText, setBadText] = useState<string | null>(null);

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    props.onBlur?.(event);
    const text = event.currentTarget.value.trim();
    if (text === '' || parseDayFirst(text) !== null) {
      setBadText(null);
      return;
    }
    setBadText(text);
    if (value) onChange('');
  };

  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayFirst}
      placeholder={placeholder}
      clearable
      {...props}
      // Mantine would put the last good date back on blur; the typed text stays, with an error when it is bad.
      fixOnBlur={false}
      onBlur={handleBlur}
      error={badText === null ? props.error : notADate(badText)}
      aria-invalid={badText !== null || props['aria-invalid']}
      clearButtonProps={{
        tabIndex: -1,
        'aria-label': 'Clear date',
        onKeyDown: (event) => {
          if (event.key === 'Enter' || event.key === ' ') event.preventDefault();
        },
      }}
      value={value || null}
      onChange={(next) => {
        setBadText(null);
        onChange(next ? String(next).slice(0, 10) : '');
      }}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
    />
  );
}
