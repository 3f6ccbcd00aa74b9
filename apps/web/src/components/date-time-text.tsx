/** An ISO timestamp as a local date and time, dd/mm/yyyy, hh:mm (`-` when missing or invalid). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function DateTimeText({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  return text === '-' ? <span>-</span> : <time dateTime={value ?? undefined}>{text}</time>;
}
