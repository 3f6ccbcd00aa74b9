import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { SaleListRowDto } from '@plotbook/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ProjectSelect } from '@/components/selects/project-select';
import { allProjectsQueryOptions } from '@/components/selects/queries';
import { paths } from '@/config/paths';
import { useSales } from '@/features/sales/api/get-sales';
import { CancelSaleDialog } from '@/features/sales/components/cancel-sale-dialog';
import { SaleScheduleModal } from '@/features/sales/components/sale-schedule';
import { SalesTable } from '@/features/sales/components/sales-table';

/** Sales Report (listing): the active sales of the project in the address (`/view-sales/0` = none chosen). */
export function ViewSalesRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const projectId = Number(params.projectId) || null;
  const sales = useSales(projectId);
  const projects = useQuery(allProjectsQueryOptions());
  const project = projects.data?.find((p) => p.projectId === projectId);
  const [open, setOpen] = useState<SaleListRowDto | null>(null);
  const openSchedule = useCallback((sale: SaleListRowDto) => setOpen(sale), []);
  const [cancelling, setCancelling] = useState<SaleListRowDto | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancelSale = useCallback((sale: SaleListRowDto) => {
    setDone(null);
    setCancelling(sale);
  }, []);

  const changeProject = (id: number | null) => navigate(paths.app.viewSales.getHref(id ?? 0), { replace: true });

  return (
    <Stack gap="lg" maw={1600} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Sales Report
          </Title>
          <Text c="dimmed">Each sold plot with what has been received and what is pending.</Text>
        </div>
        <Button component={Link} to={paths.app.sale.getHref()} variant="light" leftSection={<IconPlus size={18} />}>
          Record Sale
        </Button>
      </Group>
      {done ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      <Card padding="md">
        <ProjectSelect
          includeArchived
          value={projectId}
          onChange={changeProject}
          maw={420}
          autoFocus={projectId === null}
        />
      </Card>
      {projectId === null ? (
        <Text c="dimmed">Choose a project to see its sales.</Text>
      ) : sales.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading sales...</Text>
          </Group>
        </Center>
      ) : sales.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {sales.error.message || 'Failed to fetch sales.'}
        </Alert>
      ) : (
        <SalesTable
          sales={sales.data}
          title={project ? `Project: ${project.projectName} - ${project.city}` : 'Project'}
          onOpenSchedule={openSchedule}
          onCancelSale={cancelSale}
        />
      )}
      <SaleScheduleModal sale={open} onClose={() => setOpen(null)} />
      <CancelSaleDialog
        sale={cancelling}
        onClose={() => setCancelling(null)}
        onDone={(message) => {
          setCancelling(null);
          setDone(message);
        }}
      />
    </Stack>
  );
}
