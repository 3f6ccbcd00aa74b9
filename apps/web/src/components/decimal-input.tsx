import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';

/** A number field's value: `''` while empty. */
export type DecimalValue = number | '';

export interface DecimalInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: DecimalValue;
  onChange: (value: DecimalValue) => void;
  /** Show Indian digit grouping (12,34,567.89); on by default. Off for percentages. */
  isGrouped?: boolean;
}

/**
 * Mantine's NumberInput hands over a string, not a number, while the text is half typed (`12.`, `12.50`, `0.0`).
 * Treating those strings as "empty" wiped the field at the decimal point, so `12.5` became `5`. This input keeps
 * the typed text as it is, and reports the number it stands for (12 for `12.`) or `''`.
 */
export function DecimalInput({ value, onChange, isGrouped = true, ...props }: DecimalInputProps) {
  const [text, setText] = useState<string | number>(value);
  const [reported, setReported] = useState<DecimalValue>(value);
  // A value set from outside (load, reset) replaces what was typed.
  if (value !== reported) {
    setReported(value);
    if (toDecimal(text) !== value) setText(value);
  }

  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={2}
      hideControls
      inputMode="decimal"
      // Only '.' is a decimal point: a typed ',' is a grouping comma (12,34,567.89), never 12.34.
      allowedDecimalSeparators={['.']}
      {...(isGrouped ? { thousandSeparator: ',', thousandsGroupStyle: 'lakh' as const } : {})}
      {...props}
      value={text}
      onChange={(next) => {
        const decimal = toDecimal(next);
        setText(next);
        setReported(decimal);
        onChange(decimal);
      }}
    />
  );
}

/** The number a (possibly half typed) input stands for: `12.` → 12, `''` or `-` → `''`. */
export function toDecimal(input: string | number): DecimalValue {
  if (typeof input === 'number') return Number.isFinite(input) ? input : '';
  const cleaned = input.replace(/,/g, '').trim();
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return '';
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : '';
}
