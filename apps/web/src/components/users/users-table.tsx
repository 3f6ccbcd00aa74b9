import { Badge } from '@mantine/core';
import { formatMobile, type TenantUser } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '../data-table';
import { DateTimeText } from '../date-time-text';

const ROLE_LABELS: Record<TenantUser['role'], string> = { TENANT_ADMIN: 'Tenant admin', USER: 'User' };

const COMPACT: DataColumn<TenantUser>[] = [
  { key: 'id', label: 'ID', kind: 'number', align: 'left' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
];

const FULL: DataColumn<TenantUser>[] = [
  ...COMPACT,
  { key: 'mobileNumber', label: 'Mobile Number', value: (u) => formatMobile(u.mobileNumber) },
  { key: 'city', label: 'City' },
  { key: 'role', label: 'Role', value: (u) => ROLE_LABELS[u.role] },
  {
    key: 'enabled',
    label: 'Status',
    value: (u) => (u.enabled ? 'Enabled' : 'Disabled'),
    render: (u) => (
      // A table squeezed by long cells may not cut the word short ("ENABL…").
      <Badge color={u.enabled ? 'green' : 'gray'} variant="light" miw="max-content">
        {u.enabled ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  },
  {
    key: 'createdAt',
    label: 'Created',
    value: (u) => Date.parse(u.createdAt) || null,
    searchable: false,
    render: (u) => <DateTimeText value={u.createdAt} />,
  },
];

interface UsersTableProps {
  users: TenantUser[] | undefined;
  isLoading: boolean;
  title?: ReactNode;
  /** `compact`: ID, Name, Email only (the tenants screen's users panel). */
  variant?: 'full' | 'compact';
  /** A last column of buttons per user. */
  renderActions?: (user: TenantUser) => ReactNode;
  toolbar?: ReactNode;
}

/** A tenant's users, searchable and sortable; scrolls sideways on a phone. */
export function UsersTable({ users, isLoading, title, variant = 'full', renderActions, toolbar }: UsersTableProps) {
  const columns = variant === 'full' ? FULL : COMPACT;
  const withActions: DataColumn<TenantUser>[] = renderActions
    ? [...columns, { key: 'actions', label: 'Actions', isSortable: false, searchable: false, render: renderActions }]
    : columns;
  return (
    <DataTable
      title={title}
      rows={users ?? []}
      columns={withActions}
      rowKey={(u) => u.id}
      isLoading={isLoading}
      loadingMessage="Loading users…"
      emptyMessage="No users found"
      toolbar={toolbar ? () => toolbar : undefined}
      minWidth={variant === 'full' ? (renderActions ? 1100 : 880) : 320}
    />
  );
}
