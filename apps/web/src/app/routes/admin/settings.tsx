import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RefreshButton } from '@/components/refresh-button';
import { useOutbox } from '@/features/platform/api/get-outbox';
import { useSettings } from '@/features/platform/api/get-settings';
import { OutboxList } from '@/features/platform/components/outbox-list';
import { SettingsSummary } from '@/features/platform/components/settings-summary';

export function PlatformSettingsRoute() {
  const settings = useSettings();
  const outbox = useOutbox();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Platform Settings
        </Title>
        <Text c="dimmed">How this Plotbook is configured. Change these with the server's environment variables.</Text>
      </div>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {settings.isError ? (
          <Alert color="red" variant="light" role="alert">
            Could not load the settings: {settings.error.message}
          </Alert>
        ) : settings.data ? (
          <SettingsSummary settings={settings.data} />
        ) : (
          <Skeleton h={56} />
        )}
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            Mail outbox
          </Title>
          <RefreshButton onClick={() => outbox.refetch()} isLoading={outbox.isFetching} />
        </Group>
        {outbox.isError ? (
          <Alert color="red" variant="light" role="alert">
            Could not load the outbox: {outbox.error.message}
          </Alert>
        ) : (
          <OutboxList messages={outbox.data} isLoading={outbox.isPending} transport={settings.data?.mailTransport} />
        )}
      </Paper>
    </Stack>
  );
}
