import { Alert, Anchor, Badge, Button, Card, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import {
  FACING_LABELS,
  formatNumber,
  formatRupees,
  type PlotSummaryDto,
  type ProjectSummaryDto,
  pluralize,
} from '@plotbook/domain';
import { IconLayoutGrid, IconListDetails, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HistoryButton } from '@/components/history';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { plotListPrice } from '@/lib/plot-list-price';
import { useProjectPlotSummaries } from '../api/get-project-summaries';
import { PriceListButton } from './price-list-button';

/** A plot's sector, facing, corner and list price ("Phase 2 · North-east · Corner · ₹ 18,01,035.14"), or null. */
function plotPlace(plot: PlotSummaryDto): string | null {
  const price = plotListPrice(plot);
  const parts = [
    plot.sector,
    plot.facing ? `${FACING_LABELS[plot.facing]} facing` : null,
    plot.corner ? 'Corner' : null,
    price === null
      ? null
      : `List ${formatRupees(price)}${plot.listPrice === null ? ` (₹ ${formatNumber(plot.listRate)}/sq.ft)` : ''}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function PlotLine({ plot }: { plot: PlotSummaryDto }) {
  const place = plotPlace(plot);
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" py={6} data-testid="plot-line">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {plot.plotName} | Size: {formatNumber(plot.totalPlotSize)} sq.ft | Total Plots: {plot.plotNumber ?? '-'}
        </Text>
        {place ? (
          <Text size="xs" c="dimmed" data-testid="plot-place" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {place}
          </Text>
        ) : null}
      </div>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {plot.isRegistered ? (
          <Badge size="sm" color="grape" variant="light" style={{ flexShrink: 0 }}>
            Registered
          </Badge>
        ) : (
          plot.isSold && (
            <Badge size="sm" color="blue" variant="light" style={{ flexShrink: 0 }}>
              Sold
            </Badge>
          )
        )}
        <HistoryButton target={{ entity: 'plot', entityId: plot.plotId, name: plot.plotName }} iconOnly />
      </Group>
    </Group>
  );
}

/** Placeholder lines while a project's plots load. */
const SKELETON_LINES = ['70%', '60%', '50%', '65%', '55%', '45%'].map((width, i) => ({ id: i, width }));

/**
 * A project's plot lines, fetched once the card comes on screen: opening View Projects loads the visible
 * projects' plots, not every plot of every project.
 */
function PlotLines({ project }: { project: ProjectSummaryDto }) {
  const { ref, inViewport } = useInViewport();
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => {
    if (inViewport) setIsWanted(true);
  }, [inViewport]);
  const plots = useProjectPlotSummaries(project.projectId, isWanted && project.plotCount > 0);
  // The wrapper is always there to be seen: a cached list shows at once and is refreshed once it is on screen.
  return <div ref={ref}>{plotLinesBody(project, plots)}</div>;
}

function plotLinesBody(project: ProjectSummaryDto, plots: ReturnType<typeof useProjectPlotSummaries>) {
  if (project.plotCount === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        No plots available
      </Text>
    );
  }
  if (plots.isError) {
    return (
      <Alert color="red" variant="light" py="xs">
        <Text size="sm">
          The plots could not be loaded.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => plots.refetch()}>
            Try again
          </Anchor>
        </Text>
      </Alert>
    );
  }
  if (!plots.data) {
    const lines = SKELETON_LINES.slice(0, Math.min(project.plotCount, SKELETON_LINES.length));
    return (
      <Stack gap={10} py={6} aria-busy="true" aria-label={`Loading the plots of ${project.projectName}`}>
        {lines.map((line) => (
          <Skeleton key={line.id} h={16} w={line.width} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
      <Stack
        component="ul"
        gap={0}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={`Plots of ${project.projectName}`}
      >
        {plots.data.map((plot) => (
          <PlotLine key={plot.plotId} plot={plot} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** One project of All Project Details: its figures, its plots, and Edit (plus any `actions` and their `status`). */
export function ProjectDetailsCard({
  project,
  actions,
  status,
}: {
  project: ProjectSummaryDto;
  actions?: ReactNode;
  status?: ReactNode;
}) {
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
          {project.archivedAt ? (
            // Archived projects stay here (their money is on record) but take no new entries: say so.
            <Badge variant="outline" color="gray" title={project.archiveReason ?? undefined}>
              Archived
            </Badge>
          ) : null}
          <Badge variant="light" color="gray">
            {pluralize(project.plotCount, 'plot')}
          </Badge>
          {project.soldCount > 0 && (
            <Badge variant="light" color="blue">
              {project.soldCount} sold
            </Badge>
          )}
          {project.registeredCount > 0 && (
            <Badge variant="light" color="grape">
              {project.registeredCount} registered
            </Badge>
          )}
        </Group>
      </Group>

      <PlotLines project={project} />

      {status}
      <Group justify="flex-end" gap="xs" mt="md">
        {actions}
        <PriceListButton projectId={project.projectId} projectName={project.projectName} />
        <Button
          component={Link}
          to={paths.app.board.getHref(project.projectId)}
          variant="subtle"
          leftSection={<IconLayoutGrid size={16} />}
          aria-label={`Plot board of ${project.projectName}`}
        >
          Plot Board
        </Button>
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
