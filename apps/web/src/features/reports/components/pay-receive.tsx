import { Badge } from '@mantine/core';
import type { PartnerPaymentDetailRow } from '@plotbook/domain';
import type { DataColumn, RowTone } from '@/components/data-table';

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
