import { formatNumber, type PlotDto } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { loadFailureText } from '@/lib/network-error';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectPlotsQueryOptions } from './queries';

/**
 * The plots of one project, optionally filtered (e.g. only unsold, or only fully paid and unregistered).
 * `disabledReason` shows a plot but refuses it, its reason after the name ("P3 (1,000 sq.ft) — sold").
 */
export function PlotSelect({
  projectId,
  filter,
  disabledReason,
  label = 'Plot',
  placeholder = 'Select plot',
  emptyMessage = 'No plots available',
  ...props
}: Omit<EntitySelectProps, 'filter'> & {
  projectId: number | null;
  /** Which plots are offered (Mantine's own `filter`, over the typed search, is not used here). */
  filter?: (plot: PlotDto) => boolean;
  disabledReason?: (plot: PlotDto) => string | null;
  /** Said in the list when no plot (or none passing the filter) is offered. */
  emptyMessage?: string;
}) {
  const {
    data = [],
    isLoading,
    isError,
    error,
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
      options={plots.map((p) => {
        const label = `${p.plotName} (${formatNumber(p.totalPlotSize)} sq.ft)`;
        const reason = disabledReason?.(p) ?? null;
        return reason ? { value: p.plotId, label: `${label} — ${reason}`, disabled: true } : { value: p.plotId, label };
      })}
      isLoading={isLoading && projectId !== null}
      loadError={isError ? loadFailureText(error, 'The plots could not be loaded.') : null}
      onRetry={() => refetch()}
      emptyMessage={emptyMessage}
    />
  );
}
