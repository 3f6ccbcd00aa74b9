import { formatRupees } from '@plotbook/domain';

/** Rupees as `₹ 12,34,567.89` (en-IN grouping). */
export function Money({ value }: { value: number | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatRupees(value)}</span>;
}
