import { Stack, Text } from '@mantine/core';
import { type PlatformAuditEntryDto, REPORT_TIME_ZONE } from '@plotbook/domain';
import { type DataColumn, DataTable, type DataTablePaging } from '@/components/data-table';

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: REPORT_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO timestamp as India's dd/mm/yyyy hh:mm, whatever the browser's own zone. */
export function indiaDateTime(iso: string): string {
  const parts = Object.fromEntries(TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const RECORD: Record<PlatformAuditEntryDto['entity'], string> = {
  tenant: 'Company',
  'tenant-admin': 'Company admin',
  'tenant-user': 'Company user',
  'demo-request': 'Demo request',
  account: 'Locked account',
  session: 'Super admin',
};

const after = (entry: PlatformAuditEntryDto, field: string) => entry.changes[field]?.[1];

/** What was done, in words: "Company created", "Company admin disabled", "Demo request cancelled". */
export function describeEntry(entry: PlatformAuditEntryDto): string {
  const record = RECORD[entry.entity];
  switch (entry.action) {
    case 'create':
      if (entry.entity === 'tenant') return 'Company created';
      if (entry.entity === 'demo-request') return 'Demo request received';
      return `${record} added`;
    case 'status': {
      if (entry.entity === 'demo-request') {
        const status = String(after(entry, 'status') ?? '').toLowerCase();
        return status === 'pending' ? 'Demo request set back to pending' : `Demo request ${status}`;
      }
      return `${record} ${after(entry, 'enabled') === false ? 'disabled' : 'enabled'}`;
    }
    case 'password':
      return entry.entity === 'session' ? 'Password changed' : `${record} password reset`;
    case 'unlock':
      return 'Account unlocked';
    case 'sign-in':
      return 'Signed in';
    case 'sign-in-failed':
      return 'Sign-in refused';
  }
}

/** The record a row is about: its kind and its name (a failed sign-in names the email typed). */
function recordOf(entry: PlatformAuditEntryDto): string {
  if (entry.action === 'sign-in-failed') return `Email ${String(after(entry, 'email') ?? '-')}`;
  if (entry.entityId === null) return RECORD[entry.entity];
  const id = entry.entity === 'demo-request' || entry.entity === 'session' ? `#${entry.entityId}` : entry.entityId;
  return `${RECORD[entry.entity]} ${id}`;
}

const COLUMNS: DataColumn<PlatformAuditEntryDto>[] = [
  {
    key: 'at',
    label: 'When',
    width: 150,
    render: (r) => <time dateTime={r.at}>{indiaDateTime(r.at)}</time>,
  },
  {
    key: 'userName',
    label: 'Who',
    value: (r) => r.userName ?? 'Visitor',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.userName ?? (r.action === 'sign-in-failed' ? 'Unknown' : 'Visitor')}</Text>
        {r.clientAddress ? (
          <Text size="xs" c="dimmed">
            {r.clientAddress}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'action', label: 'What', value: describeEntry },
  {
    key: 'entityId',
    label: 'Record',
    value: recordOf,
    render: (r) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {recordOf(r)}
      </Text>
    ),
  },
  { key: 'reason', label: 'Reason', value: (r) => r.reason ?? '' },
];

/** The platform's trail, newest first, a page at a time. */
export function PlatformTrailTable({
  rows,
  paging,
  toolbar,
}: {
  rows: PlatformAuditEntryDto[];
  paging: DataTablePaging;
  toolbar?: React.ReactNode;
}) {
  return (
    <DataTable
      title="Trail"
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      paging={paging}
      noun="entries"
      minWidth={820}
      searchPlaceholder="Search who, what, record..."
      toolbar={toolbar ? () => toolbar : undefined}
    />
  );
}
