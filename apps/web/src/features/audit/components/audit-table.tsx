import { Button, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  type AuditAction,
  type AuditEntity,
  type AuditEntryDto,
} from '@plotbook/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import {
  ACTION_LABELS,
  auditDetails,
  auditSentence,
  ENTITY_LABELS,
  formatIndiaDateTime,
  keepRupeesTogether,
  recordName,
} from '@/components/history';
import { ApiError } from '@/lib/api-client';
import { exportAudit } from '../api/export-audit';
import { type AuditFilters, useAuditList } from '../api/get-audit';

const COLUMNS: DataColumn<AuditEntryDto>[] = [
  {
    key: 'at',
    label: 'When',
    width: 140,
    value: (e) => e.at,
    render: (e) => (
      <time dateTime={e.at} style={{ whiteSpace: 'nowrap' }}>
        {formatIndiaDateTime(e.at)}
      </time>
    ),
  },
  { key: 'userName', label: 'User', value: (e) => e.userName ?? '-' },
  { key: 'record', label: 'Record', value: recordName },
  { key: 'action', label: 'Action', value: (e) => ACTION_LABELS[e.action] ?? e.action },
  {
    key: 'what',
    label: 'What happened',
    value: (e) => auditSentence(e, { withRecord: true }),
    render: (e) => (
      <div>
        <Text size="sm">{keepRupeesTogether(auditSentence(e, { withRecord: true }))}</Text>
        {auditDetails(e) ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {keepRupeesTogether(auditDetails(e))}
          </Text>
        ) : null}
      </div>
    ),
  },
];

const entityOptions = AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] }));
const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] ?? value }));

/**
 * The company's audit trail for a tenant admin: filters by days, user, record type and action, a search on the
 * server, pages as the list scrolls, and Export (.xlsx) of exactly what the filters and search select.
 */
export function AuditTable({ users }: { users: { id: number; name: string }[] }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useAuditList(filters);
  const [isExporting, setExporting] = useState(false);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);

  const download = async () => {
    setExporting(true);
    try {
      const name = await exportAudit(filters, list.paging.search.trim());
      notifications.show({ color: 'green', message: `Downloaded ${name}` });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) {
        notifications.show({
          color: 'red',
          title: 'Export failed',
          message: e instanceof Error ? e.message : 'The file could not be made.',
        });
      }
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {/* Two a row on a phone: five stacked filters pushed the first change below the screen. */}
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" mb="md">
        <DateField label="From" value={filters.from ?? ''} onChange={(v) => set({ from: v || undefined })} clearable />
        <DateField
          label="To"
          value={filters.to ?? ''}
          onChange={(v) => set({ to: v || undefined })}
          clearable
          error={badRange ? 'From date may not be after To date' : undefined}
        />
        <Select
          label="User"
          placeholder="Any user"
          data={users.map((u) => ({ value: String(u.id), label: u.name }))}
          value={filters.userId === undefined ? null : String(filters.userId)}
          onChange={(v) => set({ userId: v ? Number(v) : undefined })}
          clearable
          searchable
        />
        <Select
          label="Record type"
          placeholder="Any record"
          data={entityOptions}
          value={filters.entity ?? null}
          onChange={(v) => set({ entity: (v as AuditEntity | null) ?? undefined })}
          clearable
        />
        <Select
          label="Action"
          placeholder="Any action"
          data={actionOptions}
          value={filters.action ?? null}
          onChange={(v) => set({ action: (v as AuditAction | null) ?? undefined })}
          clearable
        />
      </SimpleGrid>
      <DataTable
        title="Audit trail"
        rows={badRange ? [] : list.rows}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        paging={list.paging}
        noun="changes"
        isLoading={list.isPending && !badRange}
        loadError={badRange ? null : list.isError ? list.error : null}
        loadErrorTitle="Could not load the audit trail"
        onRetry={() => list.refetch()}
        emptyMessage="No changes match these filters."
        searchPlaceholder="Search changes..."
        minWidth={900}
        toolbar={() => (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={download}
              loading={isExporting}
              disabled={badRange}
            >
              Export
            </Button>
          </Group>
        )}
      />
    </>
  );
}
