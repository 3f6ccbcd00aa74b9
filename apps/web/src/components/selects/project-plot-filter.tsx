import { Card, Group } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PlotSelect } from './plot-select';
import { ProjectSelect } from './project-select';

/**
 * A project and an optional plot kept in the address (`?projectId=&plotId=`), so a reload or a shared link shows
 * the same rows. Choosing another project forgets the plot.
 */
export function useProjectPlotInAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = Number(searchParams.get('projectId')) || null;
  const plotId = projectId === null ? null : Number(searchParams.get('plotId')) || null;
  const choose = (project: number | null, plot: number | null) => {
    const next: Record<string, string> = {};
    if (project !== null) next.projectId = String(project);
    if (project !== null && plot !== null) next.plotId = String(plot);
    setSearchParams(next, { replace: true });
  };
  return { projectId, plotId, choose };
}

/** The Project and "Plot (optional)" selects of a screen that narrows its figures to one plot. */
export function ProjectPlotFilter({
  selection,
  allPlotsLabel,
  onChange,
}: {
  selection: ReturnType<typeof useProjectPlotInAddress>;
  /** The plot placeholder: what the screen shows with no plot chosen. */
  allPlotsLabel: string;
  /** Told of every change, e.g. to clear an old status message. */
  onChange?: () => void;
}) {
  const { projectId, plotId, choose } = selection;
  return (
    <Card padding="md">
      <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <ProjectSelect
          includeArchived
          value={projectId}
          onChange={(id) => {
            choose(id, null);
            onChange?.();
          }}
          miw={220}
          autoFocus={projectId === null}
        />
        <PlotSelect
          projectId={projectId}
          value={plotId}
          onChange={(id) => {
            choose(projectId, id);
            onChange?.();
          }}
          label="Plot (optional)"
          placeholder={allPlotsLabel}
          miw={200}
        />
      </Group>
    </Card>
  );
}
