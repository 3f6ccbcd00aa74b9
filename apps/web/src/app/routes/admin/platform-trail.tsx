import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { PLATFORM_AUDIT_ACTIONS, type PlatformAuditAction } from '@plotbook/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import { type PlatformAuditFilters, usePlatformAudit } from '@/features/platform/api/get-platform-audit';
import { PlatformTrailTable } from '@/features/platform/components/platform-trail-table';

const ACTION_LABELS: Record<PlatformAuditAction, string> = {
  create: 'Created or added',
  status: 'Status changed',
  password: 'Password reset or changed',
  unlock: 'Account unlocked',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
};
const ACTIONS = PLATFORM_AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));

/** The super admin's Platform trail: who did what on the platform, and when (India time). */
export function PlatformTrailRoute() {
  const [filters, setFilters] = useState<PlatformAuditFilters>({ action: '', from: '', to: '' });
  const trail = usePlatformAudit(filters);
  const filtered = filters.action !== '' || filters.from !== '' || filters.to !== '';
  const set = (change: Partial<PlatformAuditFilters>) => setFilters((current) => ({ ...current, ...change }));

  const filterBar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Action"
        placeholder="Any action"
        data={ACTIONS}
        value={filters.action || null}
        onChange={(value) => set({ action: (value ?? '') as PlatformAuditFilters['action'] })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <DateField label="From" value={filters.from} onChange={(from) => set({ from })} w={{ base: '47%', xs: 150 }} />
      <DateField label="To" value={filters.to} onChange={(to) => set({ to })} w={{ base: '47%', xs: 150 }} />
      {filtered ? (
        <Button variant="subtle" onClick={() => setFilters({ action: '', from: '', to: '' })}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Platform Trail
        </Title>
        <Text c="dimmed">
          Every change made on the platform, newest first: companies created, their admins added, disabled or reset,
          demo requests handled, accounts unlocked, and super admin sign-ins. Times are India time. Entries can never be
          changed or removed.
        </Text>
      </div>
      {filterBar}
      {trail.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading the platform trail...</Text>
          </Group>
        </Center>
      ) : trail.isError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle aria-hidden />}
          title="Could not load the trail"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{trail.error?.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => trail.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : trail.isEmpty ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center" role="status">
            {filtered ? 'Nothing on the trail matches these filters.' : 'Nothing has been recorded yet.'}
          </Text>
        </Card>
      ) : (
        <PlatformTrailTable rows={trail.rows} paging={trail.paging} />
      )}
    </Stack>
  );
}
