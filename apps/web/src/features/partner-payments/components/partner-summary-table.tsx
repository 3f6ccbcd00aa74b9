import { Button } from '@mantine/core';
import { formatPercent, type PartnerSummaryDto } from '@plotbook/domain';
import { useMemo } from 'react';
import { type DataColumn, DataTable, totalFooter } from '@/components/data-table';

const MONEY_KEYS = ['investment', 'profit', 'total', 'received', 'due'] as const;

const COLUMNS: DataColumn<PartnerSummaryDto>[] = [
  { key: 'partnerName', label: 'Partner' },
  {
    key: 'percentageShare',
    label: 'Share',
    kind: 'number',
    render: (p) => (p.percentageShare === null ? '-' : formatPercent(p.percentageShare)),
  },
  { key: 'investment', label: 'Investment', kind: 'money' },
  { key: 'profit', label: 'Profit', kind: 'money' },
  { key: 'total', label: 'Total', kind: 'money' },
  { key: 'received', label: 'Received', kind: 'money' },
  { key: 'due', label: 'Due', kind: 'money' },
];

/**
 * The partner summary of a project: what each partner put in, their share of the profit, what they have been
 * handed and what is still due to them. Action opens the payout form for that partner.
 */
export function PartnerSummaryTable({
  partners,
  onPay,
}: {
  partners: PartnerSummaryDto[];
  onPay: (partner: PartnerSummaryDto) => void;
}) {
  const columns = useMemo<DataColumn<PartnerSummaryDto>[]>(
    () => [
      ...COLUMNS,
      {
        key: 'action',
        label: 'Action',
        isSortable: false,
        searchable: false,
        align: 'center',
        render: (partner) => (
          <Button
            size="compact-sm"
            variant="light"
            // Two short lines keep the seven figures and the action on one desktop screen.
            w={112}
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25, textAlign: 'center' } }}
            onClick={() => onPay(partner)}
            aria-label={`Select Payment & Partner: ${partner.partnerName}`}
          >
            Select Payment &amp; Partner
          </Button>
        ),
      },
    ],
    [onPay],
  );
  return (
    <DataTable
      title="Partner Summary"
      rows={partners}
      columns={columns}
      rowKey={(p) => p.partnerId}
      footer={totalFooter(COLUMNS, 'All partners', MONEY_KEYS)}
      emptyMessage="No partners / data found for selected project"
      minWidth={980}
    />
  );
}
