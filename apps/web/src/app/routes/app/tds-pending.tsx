import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ProjectSelect } from '@/components/selects/project-select';
import { projectsQueryOptions } from '@/components/selects/queries';
import { useTdsPending } from '@/features/sale-tax/api/get-tds-pending';
import { TdsPendingTable } from '@/features/sale-tax/components/tds-pending-table';

/**
 * TDS Certificates Pending (Income Tax Act s.194-IA): per project, the sales of ₹ 50 lakh or more whose buyer has not
 * yet handed over all the Form 16B certificates, and TDS lines saved without a certificate number. The project is
 * in the address (`?projectId=`), so reload and Back keep it.
 */
export function TdsPendingRoute() {
  const [search, setSearch] = useSearchParams();
  const projectId = Number(search.get('projectId')) || null;
  const pending = useTdsPending(projectId);
  const projects = useQuery(projectsQueryOptions(false));
  const project = projects.data?.find((p) => p.projectId === projectId);
  const choose = (id: number | null) => setSearch(id ? { projectId: String(id) } : {}, { replace: true });

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          TDS Certificates Pending
        </Title>
        <Text c="dimmed">
          A buyer paying ₹ 50 lakh or more deducts TDS (s.194-IA) and owes you a Form 16B certificate for it. Record
          each as a receipt line "TDS (194-IA)" with the certificate number as its mode detail.
        </Text>
      </div>
      <Card padding="md">
        <ProjectSelect value={projectId} onChange={choose} maw={420} autoFocus />
      </Card>
      {projectId === null ? (
        <Text c="dimmed">Choose a project to see its pending TDS certificates.</Text>
      ) : (
        <Card padding="md">
          <TdsPendingTable
            rows={pending.data ?? []}
            projectName={project?.projectName ?? ''}
            isLoading={pending.isPending}
            loadError={pending.error}
            onRetry={() => pending.refetch()}
          />
        </Card>
      )}
    </Stack>
  );
}
