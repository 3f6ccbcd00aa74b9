import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ProjectSelect } from '@/components/selects/project-select';
import { ShowVoidedSwitch } from '@/components/voided';
import { paths } from '@/config/paths';
import { usePurchases } from '@/features/purchases/api/get-purchases';
import { PurchasesTable } from '@/features/purchases/components/purchases-table';

/** View Plot Purchases: the purchase entries of the chosen project (kept in `?projectId=` for links). */
export function PurchaseListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = Number(searchParams.get('projectId')) || null;
  const [showVoided, setShowVoided] = useState(false);
  const purchases = usePurchases(projectId, showVoided);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);

  const changeProject = (id: number | null) => {
    setStatus(null);
    setSearchParams(id === null ? {} : { projectId: String(id) }, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            View Plot Purchases
          </Title>
          <Text c="dimmed">Every payment made for a project's land.</Text>
        </div>
        <Button component={Link} to={paths.app.purchase.getHref()} variant="light" leftSection={<IconPlus size={18} />}>
          Record Purchase
        </Button>
      </Group>
      <Card padding="md">
        <ProjectSelect
          includeArchived
          value={projectId}
          onChange={changeProject}
          maw={420}
          autoFocus={projectId === null}
        />
      </Card>
      <FormStatus message={status} onClose={() => setStatus(null)} />
      {projectId === null ? (
        <Text c="dimmed">Choose a project to see its purchases.</Text>
      ) : purchases.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading purchases...</Text>
          </Group>
        </Center>
      ) : purchases.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          Failed to fetch purchase records.
        </Alert>
      ) : purchases.isEmpty ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center" role="status">
            No purchases found for selected project.
          </Text>
        </Card>
      ) : (
        <PurchasesTable
          purchases={purchases.rows}
          paging={purchases.paging}
          totalAmount={purchases.totalAmount}
          onResult={setStatus}
          toolbar={<ShowVoidedSwitch checked={showVoided} onChange={setShowVoided} />}
        />
      )}
    </Stack>
  );
}
