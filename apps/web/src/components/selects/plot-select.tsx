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
  filter?: (plot: PlotDto) => boolean;
  /** Said when the project has no plot the filter lets through. */
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
