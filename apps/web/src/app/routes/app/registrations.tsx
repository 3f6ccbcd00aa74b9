import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRegistrations } from '@/features/registrations/api/get-registrations';
import { RegistrationsTable } from '@/features/registrations/components/registrations-table';

/** Registered Plots: every plot whose sale deed is registered. */
export function RegistrationsRoute() {
  const registrations = useRegistrations();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Registered Plots
          </Title>
          <Text c="dimmed">Plots whose sale deed has been registered.</Text>
        </div>
        <Button
          component={Link}
          to={paths.app.registrationPlot.getHref()}
          variant="light"
          leftSection={<IconPlus size={18} />}
        >
          Register a Plot
        </Button>
      </Group>
      {registrations.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading registrations...</Text>
          </Group>
        </Center>
      ) : registrations.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          Failed to fetch registrations: {registrations.error?.message}
        </Alert>
      ) : registrations.isEmpty ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center" role="status">
            No plots registered yet.
          </Text>
        </Card>
      ) : (
        <RegistrationsTable rows={registrations.rows} paging={registrations.paging} />
      )}
    </Stack>
  );
}
