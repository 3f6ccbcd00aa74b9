import { Badge } from '@mantine/core';
import { sumRupees } from '@plotbook/domain';
import type { DataColumn, FooterRow, RowTone } from '@/components/data-table';
import type { PartnerPaymentRow } from '../types';

/** Pay rows red, Receive rows green (spec 001, Partner Payment Details). */
export const payReceiveTone = (row: PartnerPaymentRow): RowTone => (row.payReceive === 'Pay' ? 'red' : 'green');

export const payReceiveColumn = <T extends PartnerPaymentRow>(): DataColumn<T> => ({
  key: 'payReceive',
  label: 'Pay/Receive',
  render: (row) => (
    <Badge color={row.payReceive === 'Pay' ? 'red' : 'green'} variant="light" radius="sm">
      {row.payReceive}
    </Badge>
  ),
});

/** Two bold rows: what the partner paid in and what they received, over the rows the user sees. */
export function payReceiveFooter<T extends PartnerPaymentRow>(
  firstKey: string,
  format: (rupees: number) => string,
) {
  return (rows: T[]): FooterRow[] =>
    (['Pay', 'Receive'] as const).map((side) => ({
      [firstKey]: side === 'Pay' ? 'Total Pay' : 'Total Receive',
      amount: format(sumRupees(rows.filter((r) => r.payReceive === side).map((r) => r.amount))),
    }));
}
