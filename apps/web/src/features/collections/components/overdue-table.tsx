import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMobile, type OverdueRow } from '@plotbook/domain';
import { IconFileSpreadsheet, IconMailForward } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { DataAsOfNote } from '@/components/data-as-of-note';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateTimeText } from '@/components/date-time-text';
import { ApiError } from '@/lib/api-client';
import { exportOverdue } from '../api/export-overdue';
import type { OverdueFilter, useOverdue } from '../api/get-overdue';
import { useSendReminders } from '../api/send-reminders';
import { reminderDetails } from '../reminder-details';

const BUCKET_COLORS = { '1-30': 'yellow', '31-60': 'orange', '61-90': 'red', '90+': 'grape' } as const;

function errorText(e: unknown, fallback: string) {
  return e instanceof Error ? e.message : fallback;
}

/**
 * The overdue installments, a page at a time: select rows and Send reminder (one mail per buyer), or Export the
 * list as .xlsx. Each row shows when its latest reminder went and to whom.
 */
export function OverdueTable({ filter, list }: { filter: OverdueFilter; list: ReturnType<typeof useOverdue> }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [isExporting, setExporting] = useState(false);
  const send = useSendReminders();
  const interestEnabled = list.rows.length > 0 && list.rows.some((r) => r.interest > 0);

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const allShown = list.rows.length > 0 && list.rows.every((r) => selected.has(r.installmentId));

  const columns = useMemo<DataColumn<OverdueRow>[]>(
    () => [
      {
        key: 'select',
        label: 'Pick',
        isSortable: false,
        searchable: false,
        width: 48,
        render: (r) => (
          <Checkbox
            aria-label={`Select ${r.buyerName ?? 'buyer'}, ${r.plotName}, installment ${r.installmentNo}`}
            checked={selected.has(r.installmentId)}
            onChange={() => toggle(r.installmentId)}
          />
        ),
      },
      {
        key: 'buyerName',
        label: 'Buyer',
        render: (r) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {r.buyerName ?? '-'}
            </Text>
            {!r.hasEmail ? (
              <Text size="xs" c="dimmed">
                no email
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'mobile',
        label: 'Mobile',
        value: (r) => r.mobile,
        render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMobile(r.mobile) || '-'}</span>,
      },
      { key: 'projectName', label: 'Project' },
      { key: 'plotName', label: 'Plot' },
      { key: 'installmentNo', label: 'Inst.', kind: 'number' },
      { key: 'dueDate', label: 'Due Date', kind: 'date' },
      { key: 'due', label: 'Amount Due', kind: 'money' },
      { key: 'daysLate', label: 'Days Late', kind: 'number' },
      {
        key: 'bucket',
        label: 'Ageing',
        value: (r) => r.daysLate,
        render: (r) => (
          <Badge
            color={BUCKET_COLORS[r.bucket]}
            variant="light"
            tt="none"
            miw={88}
            styles={{ label: { overflow: 'visible' } }}
          >
            {r.bucket.replace('-', '–')} days
          </Badge>
        ),
      },
      ...(interestEnabled ? [{ key: 'interest', label: 'Interest', kind: 'money' as const }] : []),
      {
        key: 'lastReminderAt',
        label: 'Last Reminder',
        value: (r) => r.lastReminderAt,
        render: (r) =>
          r.lastReminderAt ? (
            <Stack gap={0}>
              <Text size="xs">
                <DateTimeText value={r.lastReminderAt} />
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {r.lastReminderTo}
              </Text>
            </Stack>
          ) : (
            <Text size="xs" c="dimmed">
              Never
            </Text>
          ),
      },
    ],
    [selected, interestEnabled, toggle],
  );

  const sendReminders = () => {
    send.mutate([...selected], {
      onSuccess: (result) => {
        setSelected(new Set());
        const details = reminderDetails(result, list.rows);
        notifications.show({
          color: result.sent.length > 0 ? 'green' : 'orange',
          title: result.message,
          message: details.join(' · ') || 'Nothing was sent.',
          autoClose: 10000,
        });
      },
      onError: (e) => {
        if (!(e instanceof ApiError && e.status === 401))
          notifications.show({ color: 'red', title: 'Reminders not sent', message: errorText(e, 'Please try again.') });
      },
    });
  };

  const exportList = async () => {
    setExporting(true);
    try {
      await exportOverdue(filter, list.paging.search);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401))
        notifications.show({
          color: 'red',
          title: 'Export failed',
          message: errorText(e, 'The file could not be made.'),
        });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <Group gap="xs" wrap="wrap">
          <Checkbox
            label="All shown"
            aria-label="Select all shown installments"
            checked={allShown}
            disabled={list.rows.length === 0}
            onChange={() => setSelected(allShown ? new Set() : new Set(list.rows.map((r) => r.installmentId)))}
          />
          <Button
            leftSection={<IconMailForward size={16} />}
            disabled={selected.size === 0}
            loading={send.isPending}
            onClick={sendReminders}
          >
            Send reminder{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={isExporting}
            disabled={list.rows.length === 0}
            onClick={exportList}
          >
            Export
          </Button>
        </Group>
      </Group>
      <DataAsOfNote path="/collections/overdue" />
      <DataTable
        title="Overdue installments"
        rows={list.rows}
        columns={columns}
        rowKey={(r) => r.installmentId}
        paging={list.paging}
        noun="installments"
        isLoading={list.isPending}
        loadingMessage="Loading the overdue installments..."
        loadError={list.isError ? list.error : null}
        loadErrorTitle="Could not load the overdue installments"
        onRetry={() => list.refetch()}
        emptyMessage="No installment is overdue. Well done!"
        searchPlaceholder="Search buyer, mobile, project, plot..."
        minWidth={1180}
      />
    </Stack>
  );
}
