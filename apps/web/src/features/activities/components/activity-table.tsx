import {
  ActionIcon,
  Card,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { ACTIVITY_STATUSES, type ActivityDto, todayIso } from '@plotbook/domain';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DateText } from '@/components/date-text';
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

  let body: ReactNode;
  if (projectId === null) body = <Text c="dimmed">Select a project to see its activities.</Text>;
  else if (activities.isPending) body = <Text c="dimmed">Loading activities...</Text>;
  else if (activities.isError)
    body = <FormStatus message={failureMessage('Could not load activities.', activities.error)} />;
  else if (activities.data.length === 0) body = <Text c="dimmed">No activities for this project yet.</Text>;
  else {
    body = (
      <>
        {/* Phones get a card per activity, with the status switch in reach; wider screens the table. */}
        <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {activities.data.map((activity) => (
            <Paper key={activity.id} component="li" withBorder p="sm" radius="md" data-testid="activity-card">
              <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{activity.activityName}</Text>
                  <Text size="sm" c="dimmed">
                    {ACTIVITY_TYPE_LABELS[activity.activityType]} ·{' '}
                    <DateText value={todayIso(new Date(activity.createdDate))} />
                  </Text>
                </div>
                {deleteButton(activity)}
              </Group>
              {statusControl(activity)}
            </Paper>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={620} visibleFrom="sm">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th style={{ width: 56 }}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activities.data.map((activity) => (
                <Table.Tr key={activity.id} data-testid="activity-row">
                  <Table.Td>{ACTIVITY_TYPE_LABELS[activity.activityType]}</Table.Td>
                  <Table.Td fw={600}>{activity.activityName}</Table.Td>
                  <Table.Td>{statusControl(activity)}</Table.Td>
                  <Table.Td>
                    <DateText value={todayIso(new Date(activity.createdDate))} />
                  </Table.Td>
                  <Table.Td>{deleteButton(activity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );
  }

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
