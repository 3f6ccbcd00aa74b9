import { Alert, Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatNumber } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { Money } from '@/components/money';
import { useProject } from '@/components/selects/queries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {children}
      </Text>
    </div>
  );
}

/** What the chosen project is: the land being paid for. */
export function ProjectDetailsCard({ projectId }: { projectId: number }) {
  const { data: project, isPending, isError, error } = useProject(projectId);

  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Could not load the project details: {error.message}
      </Alert>
    );
  }
  return (
    <Card padding="md" bg="gray.0" aria-label="Project details" component="section">
      <Title order={2} fz="md" mb="sm">
        Project Details
      </Title>
      {isPending ? (
        <Skeleton h={88} aria-busy="true" />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Name">{project.projectName}</Fact>
          <Fact label="City">{project.city}</Fact>
          <Fact label="Total Area">{formatNumber(project.totalArea)} sq ft</Fact>
          <Fact label="Total Rate">
            <Money value={project.totalRate} /> / sq ft
          </Fact>
          <Fact label="Total Amount">
            <Money value={project.totalAmount} />
          </Fact>
          <Fact label="Saleable Area">{formatNumber(project.saleableArea)} sq ft</Fact>
          <Fact label="Plots">{project.plots?.length ?? project.plotCount}</Fact>
        </SimpleGrid>
      )}
    </Card>
  );
}
