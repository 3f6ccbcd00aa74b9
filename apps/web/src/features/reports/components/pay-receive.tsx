import { Badge } from '@mantine/core';
import { type PartnerPaymentDetailRow, sumRupees } from '@plotbook/domain';
import type { DataColumn, FooterRow, RowTone } from '@/components/data-table';

type PayReceiveRow = Pick<PartnerPaymentDetailRow, 'payReceive' | 'amount'>;

/** Pay rows red, Receive rows green (spec 001, Partner Payment Details). */
export const payReceiveTone = (row: PayReceiveRow): RowTone => (row.payReceive === 'Pay' ? 'red' : 'green');

export const payReceiveOverride = <T extends PayReceiveRow>(): Partial<DataColumn<T>> => ({
  render: (row) => (
    <Badge color={row.payReceive === 'Pay' ? 'red' : 'green'} variant="light" radius="sm" tt="none">
      {row.payReceive}
    </Badge>
  ),
});

/** Bold rows under a partner report: what was paid in, what was received, and the difference. */
export function payReceiveFooter<T extends PayReceiveRow>(firstKey: string, format: (rupees: number) => string) {
  return (rows: T[]): FooterRow[] => {
    const sum = (side: PayReceiveRow['payReceive']) =>
      sumRupees(rows.filter((r) => r.payReceive === side).map((r) => r.amount));
    const pay = sum('Pay');
    const receive = sum('Receive');
    return [
      { [firstKey]: 'Total Pay', amount: format(pay) },
      { [firstKey]: 'Total Receive', amount: format(receive) },
      // Both sides are exact rupees (≤ 2 decimals); their difference is taken in paise too.
      { [firstKey]: 'Net (Pay − Receive)', amount: format(sumRupees([pay, -receive])) },
    ];
  };
}
