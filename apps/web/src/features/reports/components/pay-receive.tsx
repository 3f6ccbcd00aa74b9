import { Badge } from '@mantine/core';
import type { PartnerPaymentDetailRow, PartnerPaymentDetailsReport } from '@plotbook/domain';
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

/**
 * Bold rows under a partner report: what was paid in, what was received, and the difference, as the server
 * summed them over every row of the report (matching the search), never over the loaded page.
 */
export function payReceiveFooter(
  firstKey: string,
  format: (rupees: number) => string,
  totals: Pick<PartnerPaymentDetailsReport['totals'], 'pay' | 'receive' | 'net'> | null,
) {
  return (): FooterRow[] => [
    { [firstKey]: 'Total Pay', amount: format(totals?.pay ?? 0) },
    { [firstKey]: 'Total Receive', amount: format(totals?.receive ?? 0) },
    { [firstKey]: 'Net (Pay − Receive)', amount: format(totals?.net ?? 0) },
  ];
}
