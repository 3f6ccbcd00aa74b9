import { Badge, Text } from '@mantine/core';
import { formatDate, type TdsPendingRowDto } from '@plotbook/domain';
import { type DataColumn, DataTable, totalFooter } from '@/components/data-table';

const COLUMNS: DataColumn<TdsPendingRowDto>[] = [
  {
    key: 'plotName',
    label: 'Plot / Buyer',
    searchValue: (r) => `${r.plotName} ${r.buyerName ?? ''} ${formatDate(r.saleDate)}`,
    render: (r) => (
      <div>
        <Text fw={600} size="sm">
          {r.plotName}
        </Text>
        <Text size="xs" c="dimmed">
          {r.buyerName ?? '-'} · <span style={{ whiteSpace: 'nowrap' }}>{formatDate(r.saleDate)}</span>
        </Text>
      </div>
    ),
  },
  { key: 'saleAmount', label: 'Sale Amount', kind: 'money' },
  { key: 'tdsDue', label: 'TDS Due', kind: 'money' },
  { key: 'tdsReceived', label: 'TDS Received', kind: 'money' },
  { key: 'tdsPending', label: 'Certificate Pending For', kind: 'money' },
  {
    key: 'linesWithoutCertificate',
    label: 'Lines Without Form 16B No.',
    kind: 'number',
    render: (r) =>
      r.linesWithoutCertificate > 0 ? (
        <Badge color="orange" variant="light">
          {r.linesWithoutCertificate}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          0
        </Text>
      ),
  },
];

/** The sales of a project still owing a Form 16B certificate, or with a TDS line lacking its number. */
export function TdsPendingTable({
  rows,
  projectName,
  isLoading,
  loadError,
  onRetry,
}: {
  rows: TdsPendingRowDto[];
  projectName: string;
  isLoading: boolean;
  loadError: unknown;
  onRetry: () => void;
}) {
  return (
    <DataTable
      title={`TDS certificates pending: ${projectName}`}
      titleOrder={2}
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.saleId}
      footer={totalFooter(COLUMNS, 'Total', ['saleAmount', 'tdsDue', 'tdsReceived', 'tdsPending'])}
      emptyMessage="No TDS certificate is pending in this project."
      noun="sale"
      minWidth={820}
      isLoading={isLoading}
      loadingMessage="Loading the TDS certificates pending..."
      loadError={loadError}
      loadErrorTitle="Could not load the TDS certificates pending"
      onRetry={onRetry}
    />
  );
}
