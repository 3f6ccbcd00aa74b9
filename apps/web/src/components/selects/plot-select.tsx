import { formatNumber, type PlotDto } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectPlotsQueryOptions } from './queries';

/** The plots of one project, optionally filtered (e.g. only unsold, or only fully paid and unregistered). */
export function PlotSelect({
  projectId,
  filter,
  label = 'Plot',
  placeholder = 'Select plot',
  emptyMessage = 'No plots available',
  ...props
}: Omit<EntitySelectProps, 'filter'> & {
  projectId: number | null;
  /** Which plots are offered (Mantine's own `filter`, over the typed search, is not used here). */
  filter?: (plot: PlotDto) => boolean;
  /** Said in the list when no plot (or none passing the filter) is offered. */
  emptyMessage?: string;
}) {
  const {
    data = [],
    isLoading,
    isError,
    refetch,
  } = useQuery({
    ...projectPlotsQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
  });
  const plots = filter ? data.filter(filter) : data;
  return (
    <EntitySelect
      label={label}
      placeholder={projectId === null ? 'Select a project first' : placeholder}
      disabled={projectId === null || props.disabled}
      {...props}
      options={plots.map((p) => ({ value: p.plotId, label: `${p.plotName} (${formatNumber(p.totalPlotSize)} sq.ft)` }))}
      isLoading={isLoading && projectId !== null}
      loadError={isError ? 'The plots could not be loaded.' : null}
      onRetry={() => refetch()}
      emptyMessage={emptyMessage}
    />
  );
}
