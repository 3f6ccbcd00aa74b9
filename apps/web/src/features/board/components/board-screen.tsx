import { Anchor, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { FACINGS, pluralize } from '@plotbook/domain';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { useBoard } from '../api/get-board';
import { type BoardFilters, facingsOf, filterPlots, groupBySector, hasFilters, NO_FILTERS } from '../board-filters';
import { BoardFiltersBar } from './board-filters-bar';
import { BoardLegend } from './board-legend';
import { BoardStatus } from './board-status';
import { BoardTiles } from './board-tiles';
import { LayoutPlan } from './layout-plan';
import { PlotPanel } from './plot-panel';

/**
 * A project's plot board: the legend (each state's count and area, a toggle per state), the filters and search, the
 * tiles by sector, and a plot's panel. The board is polled every 2 s; a failed check keeps the last board shown.
 */
export function BoardScreen({ projectId }: { projectId: number }) {
  const board = useBoard(projectId);
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [openPlotId, setOpenPlotId] = useState<number | null>(null);
  const onOpen = useCallback((plotId: number) => setOpenPlotId(plotId), []);

  const plots = board.data?.board.plots;
  // The legend counts what the other filters keep, so pressing a state never zeroes the others' figures.
  const { forLegend, shown, groups, facings } = useMemo(() => {
    const all = plots ?? [];
    const forLegend = filterPlots(all, { ...filters, states: [] });
    const shown = filters.states.length ? filterPlots(forLegend, { ...NO_FILTERS, states: filters.states }) : forLegend;
    return { forLegend, shown, groups: groupBySector(shown), facings: facingsOf(all, FACINGS) };
  }, [plots, filters]);
  const now = useMemo(() => (board.data ? new Date(board.data.board.asOf).getTime() : 0), [board.data]);

  if (board.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Loading the board...</Text>
        </Group>
      </Center>
    );
  }
  if (!board.data) {
    return <LoadError title="Could not load the board" error={board.error} onRetry={() => board.refetch()} />;
  }

  const { board: data } = board.data;
  const openPlot = openPlotId === null ? null : (data.plots.find((p) => p.plotId === openPlotId) ?? null);
  const toggleState = (state: (typeof filters.states)[number]) =>
    setFilters((f) => ({
      ...f,
      states: f.states.includes(state) ? f.states.filter((s) => s !== state) : [...f.states, state],
    }));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          {data.projectName}{' '}
          <Text span c="dimmed" fz="sm" fw={400}>
            {pluralize(data.plots.length, 'plot')}
          </Text>
        </Title>
        <BoardStatus updatedAt={board.dataUpdatedAt} error={board.isError ? board.error : null} />
      </Group>

      {data.plots.length === 0 ? (
        <Card padding="lg">
          <Text>This project has no plots yet.</Text>
          <Anchor component={Link} to={paths.app.editProject.getHref(projectId)} size="sm">
            Add plots to the project
          </Anchor>
        </Card>
      ) : (
        <>
          <BoardLegend plots={forLegend} pressed={filters.states} onToggle={toggleState} />
          <BoardFiltersBar filters={filters} facings={facings} onChange={setFilters} />

          <LayoutPlan projectId={projectId} plan={data.plan} plots={data.plots} onSelectPlot={onOpen} />

          {hasFilters(filters) ? (
            <Text size="sm" c="dimmed" role="status">
              Showing {shown.length} of {pluralize(data.plots.length, 'plot')}
            </Text>
          ) : null}
          {shown.length === 0 ? (
            <Card padding="lg" data-testid="board-no-match">
              <Stack gap="xs" align="flex-start">
                <Text>No plot matches the filters.</Text>
                <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              </Stack>
            </Card>
          ) : (
            <BoardTiles groups={groups} selectedPlotId={openPlotId} now={now} onOpen={onOpen} />
          )}
        </>
      )}
      <PlotPanel projectId={projectId} plot={openPlot} onClose={() => setOpenPlotId(null)} />
    </Stack>
  );
}
