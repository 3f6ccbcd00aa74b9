import { formatDate } from '@plotbook/domain';

/** A `YYYY-MM-DD` date shown as dd/mm/yyyy (`-` when missing). */
export function DateText({ value }: { value: string | null | undefined }) {
  const text = formatDate(value);
  return value && text !== '-' ? <time dateTime={value.slice(0, 10)}>{text}</time> : <span>{text}</span>;
}
