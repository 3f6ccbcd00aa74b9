import { ActionIcon, Card, Group, Loader, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ACTIVITY_STATUSES, type ActivityDto, todayIso } from '@plotbook/domain';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useDeleteActivity } from '../api/delete-activity';
import { useActivities } from '../api/get-activities';
import { useChangeActivityStatus } from '../api/save-activity';
import { ACTIVITY_TYPE_LABELS } from './activity-labels';

type Status = ActivityDto['status'];

/** One row's Active/Inactive switch, saved at once (the row shows the new status while it saves). */
function StatusControl({
  activity,
  projectId,
  onFailed,
}: {
  activity: ActivityDto;
  projectId: number;
  onFailed: (error: unknown) => void;
}) {
  const mutation = useChangeActivityStatus(projectId);
  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        size="xs"
        data={[...ACTIVITY_STATUSES]}
        value={activity.status}
        color={activity.status === 'Active' ? 'brand' : 'gray.6'}
        onChange={(status) => mutation.mutate({ activity, status: status as Status }, { onError: onFailed })}
        disabled={mutation.isPending}
        aria-label={`Status of ${activity.activityName}`}
      />
      {mutation.isPending && <Loader size="xs" aria-label="Saving status" />}
    </Group>
  );
}

/** The chosen project's activities, each with an inline status change and Delete. */
export function ActivityTable({ projectId }: { projectId: number | null }) {
  const activities = useActivities(projectId);
  const deleteMutation = useDeleteActivity(projectId ?? 0);
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const confirmDelete = (activity: ActivityDto) =>
    modals.openConfirmModal({
      title: 'Delete activity?',
      children: (
        <Text size="sm">
          Delete the activity <b>{activity.activityName}</b> ({ACTIVITY_TYPE_LABELS[activity.activityType]})?
        </Text>
      ),
      labels: { confirm: 'Delete activity', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteMutation.mutate(activity.id, {
          onSuccess: () => setMessage({ kind: 'success', text: `${activity.activityName} deleted.` }),
          onError: (e) => setMessage(failureMessage('Could not delete the activity.', e)),
        }),
    });

  const statusControl = (activity: ActivityDto) => (
    <StatusControl
      activity={activity}
      projectId={projectId ?? 0}
      onFailed={(e) => setMessage(failureMessage(`Could not change the status of ${activity.activityName}.`, e))}
    />
  );
  const deleteButton = (activity: ActivityDto) => (
    <Tooltip label="Delete">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${activity.activityName}`}
        onClick={() => confirmDelete(activity)}
        loading={deleteMutation.isPending && deleteMutation.variables === activity.id}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const columns: DataColumn<ActivityDto>[] = [
    { key: 'activityType', label: 'Type', value: (activity) => ACTIVITY_TYPE_LABELS[activity.activityType] },
    {
      key: 'activityName',
      label: 'Name',
      render: (activity) => (
        <Text fw={600} size="sm">
          {activity.activityName}
        </Text>
      ),
    },
    { key: 'status', label: 'Status', render: statusControl },
    {
      key: 'createdDate',
      label: 'Created',
      kind: 'date',
      value: (activity) => todayIso(new Date(activity.createdDate)),
    },
    { key: 'actions', label: 'Actions', width: 56, isSortable: false, searchable: false, render: deleteButton },
  ];

  let body: ReactNode;
  if (projectId === null) body = <Text c="dimmed">Select a project to see its activities.</Text>;
  else if (activities.isPending) body = <Text c="dimmed">Loading activities...</Text>;
  else if (activities.isError)
    body = <FormStatus message={failureMessage('Could not load activities.', activities.error)} />;
  else if (activities.isEmpty) body = <Text c="dimmed">No activities for this project yet.</Text>;
  else
    return (
      <Stack gap="md" component="section" aria-label="Activities">
        <FormStatus message={message} onClose={() => setMessage(null)} />
        <DataTable
          title="Activities"
          rows={activities.rows}
          columns={columns}
          rowKey={(activity) => activity.id}
          paging={activities.paging}
          minWidth={620}
          noun="activities"
        />
      </Stack>
    );

  return (
    <Card padding="lg" component="section" aria-labelledby="activities-title">
      <Title order={2} fz="lg" mb="md" id="activities-title">
        Activities
      </Title>
      <FormStatus message={message} onClose={() => setMessage(null)} mb="md" />
      {body}
    </Card>
  );
}
