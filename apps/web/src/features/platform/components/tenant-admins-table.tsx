import { Badge } from '@mantine/core';
import type { TenantAdmin } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateTimeText } from '@/components/date-time-text';
import { TenantAdminActions } from './tenant-admin-actions';

const COLUMNS: DataColumn<TenantAdmin>[] = [
  { key: 'tenantId', label: 'Tenant', render: (a) => <b>{a.tenantId}</b> },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  {
    key: 'createdAt',
    label: 'Created',
    value: (a) => Date.parse(a.createdAt) || null,
    searchable: false,
    render: (a) => <DateTimeText value={a.createdAt} />,
  },
  {
    key: 'enabled',
    label: 'Status',
    value: (a) => (a.enabled ? 'Enabled' : 'Disabled'),
    render: (a) => (
      <Badge color={a.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
        {a.enabled ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  },
  {
    key: 'actions',
    label: 'Actions',
    isSortable: false,
    searchable: false,
    render: (a) => <TenantAdminActions admin={a} />,
  },
];

interface TenantAdminsTableProps {
  admins: TenantAdmin[] | undefined;
  isLoading: boolean;
  toolbar?: ReactNode;
}

/** Every tenant's administrators. */
export function TenantAdminsTable({ admins, isLoading, toolbar }: TenantAdminsTableProps) {
  return (
    <DataTable
      title="All tenant admins"
      rows={admins ?? []}
      columns={COLUMNS}
      rowKey={(a) => `${a.tenantId}/${a.id}`}
      isLoading={isLoading}
      loadingMessage="Loading tenant admins…"
      emptyMessage="No tenant admins found"
      toolbar={() => toolbar}
      minWidth={960}
    />
  );
}
