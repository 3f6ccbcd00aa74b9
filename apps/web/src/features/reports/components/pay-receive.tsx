import { Badge } from '@mantine/core';
import { type PartnerPaymentDetailRow, sumRupees } from '@plotbook/domain';
import type { DataColumn, FooterRow, RowTone } from '@/components/data-table';

type PayReceiveRow = Pick<PartnerPaymentDetailRow, 'payReceive' | 'amount'>;

/** Pay rows red, Receive rows green (spec 001, Partner Payment Details). */
export const payReceiveTone = (row: PayReceiveRow): RowTone => (row.payReceive === 'Pay' ? 'red' : 'green');

export const payReceiveOverride = <T extends PayReceiveRow>(): Partial<DataColumn<T>> => ({
  render: (row) => (
    <Badge color={row.payReceive === 'Pay' ? 'red' : 'green'} variant="light" radius="sm">
      {row.payReceive}
    </Badge>
  ),
});

/** Bold rows under a partner report: what was paid in, what was received, and the whole column. */
export function payReceiveFooter<T extends PayReceiveRow>(firstKey: string, format: (rupees: number) => string) {
  return (rows: T[]): FooterRow[] => {
    const sum = (side?: PayReceiveRow['payReceive']) =>
      format(sumRupees(rows.filter((r) => !side || r.payReceive === side).map((r) => r.amount)));
    return [
      { [firstKey]: 'Total Pay', amount: sum('Pay') },
      { [firstKey]: 'Total Receive', amount: sum('Receive') },
      { [firstKey]: 'Total', amount: sum() },
    ];
  };
}
