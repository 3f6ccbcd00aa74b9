import { Anchor, Button, Menu } from '@mantine/core';
import type { Tenant } from '@plotbook/domain';
import { IconChevronDown, IconEye, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateTimeText } from '@/components/date-time-text';
import { paths } from '@/config/paths';

/** The tenant users screen with this tenant chosen (and, to add one, the Add New User form focused). */
export function tenantUsersHref(tenantId: string, options: { create?: boolean } = {}): string {
  const query = new URLSearchParams({ tenant: tenantId });
  if (options.create) query.set('create', '1');
  return `${paths.admin.tenantUsers.getHref()}?${query}`;
}

function UserActionsMenu({ tenantId, onShowUsers }: { tenantId: string; onShowUsers: (id: string) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`User Actions for ${tenantId}`}
        >
          User Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={tenantUsersHref(tenantId, { create: true })}
          leftSection={<IconUserPlus size={16} aria-hidden />}
        >
          Create New User
        </Menu.Item>
        <Menu.Item component={Link} to={tenantUsersHref(tenantId)} leftSection={<IconUsers size={16} aria-hidden />}>
          View Users
        </Menu.Item>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onShowUsers(tenantId)}>
          Quick look at users
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function tenantColumns(onShowUsers: (tenantId: string) => void): DataColumn<Tenant>[] {
  return [
    {
      key: 'tenantId',
      label: 'TenantId',
      render: (t) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => onShowUsers(t.tenantId)}
          aria-label={`Show users of ${t.tenantId}`}
        >
          {t.tenantId}
        </Anchor>
      ),
    },
    { key: 'dbName', label: 'DB Name', render: (t) => <span style={{ fontFamily: 'monospace' }}>{t.dbName}</span> },
    {
      key: 'createdAt',
      label: 'Created',
      value: (t) => Date.parse(t.createdAt) || null,
      searchable: false,
      render: (t) => <DateTimeText value={t.createdAt} />,
    },
    {
      key: 'actions',
      label: 'Actions',
      isSortable: false,
      searchable: false,
      render: (t) => <UserActionsMenu tenantId={t.tenantId} onShowUsers={onShowUsers} />,
    },
  ];
}

interface TenantsTableProps {
  tenants: Tenant[] | undefined;
  isLoading: boolean;
  onShowUsers: (tenantId: string) => void;
  toolbar?: ReactNode;
}

/** TenantId, DB Name, Created (click a header to sort) and a User Actions menu per tenant. */
export function TenantsTable({ tenants, isLoading, onShowUsers, toolbar }: TenantsTableProps) {
  return (
    <DataTable
      title="Tenants"
      rows={tenants ?? []}
      columns={tenantColumns(onShowUsers)}
      rowKey={(t) => t.tenantId}
      isLoading={isLoading}
      loadingMessage="Loading tenants…"
      emptyMessage="No tenants found"
      toolbar={() => toolbar}
      minWidth={560}
    />
  );
}
