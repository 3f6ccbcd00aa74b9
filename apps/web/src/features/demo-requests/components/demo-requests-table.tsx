import { Anchor, Button, Flex, Text } from '@mantine/core';
import { type DemoRequest, formatMobile } from '@plotbook/domain';
import { IconBuildingPlus, IconRotateClockwise, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateTimeText } from '@/components/date-time-text';
import { CompanyLogo } from './company-logo';
import { StatusBadge } from './status-badge';

interface RowActionProps {
  /** The request whose status is being changed. */
  busyId: number | null;
  onCreateTenant: (request: DemoRequest) => void;
  onReject: (request: DemoRequest) => void;
  onReopen: (request: DemoRequest) => void;
}

interface DemoRequestsTableProps extends RowActionProps {
  requests: DemoRequest[];
  toolbar?: ReactNode;
}

function RowActions({
  request,
  busyId,
  onCreateTenant,
  onReject,
  onReopen,
  isVertical = false,
}: RowActionProps & { request: DemoRequest; isVertical?: boolean }) {
  const isBusy = busyId === request.id;
  if (request.status === 'COMPLETED') {
    return (
      <Text size="sm" c="dimmed">
        Tenant <b>{request.tenantId ?? '-'}</b>
      </Text>
    );
  }
  if (request.status === 'PENDING') {
    return (
      <Flex direction={isVertical ? 'column' : 'row'} gap={6} w="max-content">
        <Button
          size="xs"
          leftSection={<IconBuildingPlus size={14} aria-hidden />}
          onClick={() => onCreateTenant(request)}
          aria-label={`Create Tenant for ${request.companyName}`}
        >
          Create Tenant
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} aria-hidden />}
          loading={isBusy}
          onClick={() => onReject(request)}
          aria-label={`Reject request from ${request.companyName}`}
        >
          Reject
        </Button>
      </Flex>
    );
  }
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRotateClockwise size={14} aria-hidden />}
      loading={isBusy}
      onClick={() => onReopen(request)}
      aria-label={`Reopen request from ${request.companyName}`}
    >
      Reopen
    </Button>
  );
}

function columns(actions: RowActionProps): DataColumn<DemoRequest>[] {
  return [
    { key: 'id', label: 'ID', kind: 'number', align: 'left' },
    { key: 'companyName', label: 'Company', render: (r) => <b>{r.companyName}</b> },
    { key: 'name', label: 'Name' },
    {
      key: 'email',
      label: 'Email',
      render: (r) => (
        <Anchor href={`mailto:${r.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {r.email}
        </Anchor>
      ),
    },
    { key: 'phone', label: 'Phone', value: (r) => formatMobile(r.phone) },
    { key: 'city', label: 'City' },
    { key: 'companyLocation', label: 'Location' },
    {
      key: 'createdDate',
      label: 'Created',
      value: (r) => Date.parse(r.createdDate) || null,
      searchable: false,
      render: (r) => <DateTimeText value={r.createdDate} />,
    },
    { key: 'status', label: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'logo',
      label: 'Logo',
      isSortable: false,
      // Searchable (by nothing), so a phone card shows the logo among the fields, not with the buttons.
      value: () => null,
      render: (r) => <CompanyLogo logoUrl={r.logoUrl} companyName={r.companyName} />,
    },
    {
      key: 'actions',
      label: 'Actions',
      isSortable: false,
      searchable: false,
      render: (r) => <RowActions request={r} isVertical {...actions} />,
    },
  ];
}

/** All demo requests, newest first; searchable, sortable, and scrolling sideways on a phone. */
export function DemoRequestsTable({ requests, toolbar, ...actions }: DemoRequestsTableProps) {
  return (
    <DataTable
      title="All Demo Requests"
      rows={requests}
      columns={columns(actions)}
      rowKey={(r) => r.id}
      emptyMessage="No demo requests found."
      toolbar={() => toolbar}
      minWidth={1100}
    />
  );
}
