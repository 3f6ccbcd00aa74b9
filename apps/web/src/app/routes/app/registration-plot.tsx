import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PlotDto } from '@plotbook/domain';
import { IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { LeaveGuard } from '@/components/leave-guard';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { RegistrationForm } from '@/features/registrations/components/registration-form';

/** Plot Registration: register the sale deed of a fully paid plot. Only fully paid, unregistered plots are offered. */
export function RegistrationPlotRoute() {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [plotId, setPlotId] = useState<number | null>(null);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [isDirty, setDirty] = useState(false);

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <LeaveGuard when={isDirty} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Registration Plot
          </Title>
          <Text c="dimmed">Record where and when a fully paid plot's sale deed was registered.</Text>
        </div>
        <Button
          component={Link}
          to={paths.app.registrations.getHref()}
          variant="light"
          leftSection={<IconList size={18} />}
        >
          View Registrations
        </Button>
      </Group>
      <Card padding="md">
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <ProjectSelect
            label="Select Project"
            value={projectId}
            onChange={(id) => {
              setProjectId(id);
              setPlotId(null);
              setStatus(null);
            }}
            miw={220}
            autoFocus
          />
          {projectId !== null ? (
            <PlotSelect
              label="Select Plot (Fully Paid)"
              placeholder="Select a fully paid plot"
              projectId={projectId}
              filter={(plot: PlotDto) => plot.isFullyPaid && !plot.isRegistered}
              emptyMessage="No fully paid plots waiting for registration"
              value={plotId}
              onChange={(id) => {
                setPlotId(id);
                setStatus(null);
              }}
              miw={220}
            />
          ) : null}
        </Group>
        {projectId !== null ? (
          <Text size="sm" c="dimmed" mt="xs">
            Only plots that are fully paid and not yet registered are listed.
          </Text>
        ) : null}
      </Card>
      <FormStatus message={status} onClose={() => setStatus(null)} />
      {plotId !== null ? (
        <RegistrationForm
          key={plotId}
          plotId={plotId}
          onMessage={setStatus}
          onDirtyChange={setDirty}
          onSaved={() => {
            setDirty(false);
            setPlotId(null);
            setProjectId(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
