import { Stack, Text, Title } from '@mantine/core';
import { AuditTable } from '@/features/audit/components/audit-table';
import { useUsers } from '@/features/tenant-admin/api/get-users';

/** Audit (tenant admins only): who changed what and when, across the company. */
export function AuditRoute() {
  const users = useUsers();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Audit
        </Title>
        <Text c="dimmed">Every change to the company's records: who made it, when, and why.</Text>
      </div>
      <AuditTable users={users.data ?? []} />
    </Stack>
  );
}
