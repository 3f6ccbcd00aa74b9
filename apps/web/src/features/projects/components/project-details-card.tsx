import { Badge, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatNumber, type PlotSummaryDto, type ProjectDetailsDto, pluralize } from '@plotbook/domain';
import { IconListDetails, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';

function PlotLine({ plot }: { plot: PlotSummaryDto }) {
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" py={6} data-testid="plot-line">
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {plot.plotName} | Size: {formatNumber(plot.totalPlotSize)} sq.ft | Total Plots: {plot.plotNumber ?? '-'}
      </Text>
      {plot.isRegistered ? (
        <Badge size="sm" color="grape" variant="light">
          Registered
        </Badge>
      ) : (
        plot.isSold && (
          <Badge size="sm" color="blue" variant="light">
            Sold
          </Badge>
        )
      )}
    </Group>
  );
}

/** One project of All Project Details: its figures, its plots, and Edit (plus any `actions` and their `status`). */
export function ProjectDetailsCard({
  project,
  actions,
  status,
}: {
  project: ProjectDetailsDto;
  actions?: ReactNode;
  status?: ReactNode;
}) {
  const sold = project.plots.filter((p) => p.isSold).length;
  const title = `${project.projectName} - ${project.city}`;

  return (
    <Card padding="lg" component="article" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatNumber(project.totalArea)} sq.ft · <Money value={project.totalAmount} />
            {project.saleableOption === 'yes' && ` · Saleable ${formatNumber(project.saleableArea)} sq.ft`}
          </Text>
        </div>
        <Group gap={6}>
          <Badge variant="light" color="gray">
            {pluralize(project.plots.length, 'plot')}
          </Badge>
          {sold > 0 && (
            <Badge variant="light" color="blue">
              {sold} sold
            </Badge>
          )}
        </Group>
      </Group>

      {project.plots.length === 0 ? (
        <Text c="dimmed" size="sm" py="sm">
          No plots available
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <Stack
            component="ul"
            gap={0}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={`Plots of ${project.projectName}`}
          >
            {project.plots.map((plot) => (
              <PlotLine key={plot.plotId} plot={plot} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}

      {status}
      <Group justify="flex-end" gap="xs" mt="md">
        {actions}
        <Button
          component={Link}
          to={paths.app.viewSales.getHref(project.projectId)}
          variant="subtle"
          leftSection={<IconListDetails size={16} />}
          aria-label={`View sales of ${project.projectName}`}
        >
          View Sales
        </Button>
        <Button
          component={Link}
          to={paths.app.editProject.getHref(project.projectId)}
          variant="light"
          leftSection={<IconPencil size={16} />}
          aria-label={`Edit ${project.projectName}`}
        >
          Edit
        </Button>
      </Group>
    </Card>
  );
}
