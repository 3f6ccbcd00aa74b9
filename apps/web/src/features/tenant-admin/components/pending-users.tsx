import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { formatMobile, type PendingUser } from '@plotbook/domain';
import { IconUserCheck, IconUserX } from '@tabler/icons-react';
import { DateTimeText } from '@/components/date-time-text';
import { useDecideUser, usePendingUsers } from '../api/pending-users';

/** People who registered themselves and wait for the admin: Approve or Reject, each after a confirmation. */
export function PendingUsers() {
  const pending = usePendingUsers();
  const decide = useDecideUser();

  const confirm = (user: PendingUser, decision: 'approve' | 'reject') =>
    modals.openConfirmModal({
      title: decision === 'approve' ? 'Approve registration' : 'Reject registration',
      children: (
        <Text size="sm">
          {decision === 'approve'
            ? `Approve ${user.name} (${user.email})? They can then sign in and work with your company's data.`
            : `Reject ${user.name} (${user.email})? Their registration is removed and they cannot sign in.`}
        </Text>
      ),
      labels: { confirm: decision === 'approve' ? 'Approve' : 'Reject', cancel: 'Cancel' },
      confirmProps: { color: decision === 'approve' ? 'green' : 'red' },
      onConfirm: () =>
        decide.mutate(
          { id: user.id, decision },
          {
            onSuccess: (response) => notifications.show({ color: 'green', message: response.message, autoClose: 8000 }),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Could not change the registration', message: error.message }),
          },
        ),
    });

  return (
    <section aria-labelledby="pending-users-title">
      <Title order={2} fz="lg" mb="xs" id="pending-users-title">
        Waiting for approval
      </Title>
      {pending.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the registrations: {pending.error.message}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => pending.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : pending.isPending ? (
        <Skeleton h={72} />
      ) : pending.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No one is waiting. People who register at your company&apos;s address appear here for you to approve.
        </Text>
      ) : (
        <Stack gap="sm">
          {pending.data.map((user) => (
            <Paper key={user.id} withBorder p="md" aria-label={`Registration of ${user.email}`}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
                  <Group gap="xs">
                    <Text fw={600}>{user.name}</Text>
                    <Badge color={user.emailVerified ? 'green' : 'yellow'} variant="light">
                      {user.emailVerified ? 'Email verified' : 'Email not verified yet'}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[formatMobile(user.mobileNumber), user.city].filter(Boolean).join(' · ')}
                    {' · registered '}
                    <DateTimeText value={user.createdAt} />
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconUserCheck size={14} aria-hidden />}
                    onClick={() => confirm(user, 'approve')}
                    aria-label={`Approve ${user.email}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconUserX size={14} aria-hidden />}
                    onClick={() => confirm(user, 'reject')}
                    aria-label={`Reject ${user.email}`}
                  >
                    Reject
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
