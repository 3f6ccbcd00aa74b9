import { useQuery } from '@tanstack/react-query';
import { loadFailureText } from '@/lib/network-error';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectPartnersQueryOptions } from './queries';

/**
 * The partners of one project (the server accepts only those on money rows); with `includeArchived` (a report of
 * money already recorded), the archived ones too, marked "(archived)".
 */
export function PartnerSelect({
  projectId,
  label = 'Partner',
  placeholder = 'Select partner',
  includeArchived = false,
  ...props
}: EntitySelectProps & { projectId: number | null; includeArchived?: boolean }) {
  const {
    data = [],
    isLoading,
    isError,
    error,
    refetch,
  } = useQuery({
    ...projectPartnersQueryOptions(projectId ?? 0, includeArchived),
    enabled: projectId !== null,
  });
  return (
    <EntitySelect
      label={label}
      placeholder={projectId === null ? 'Select a project first' : placeholder}
      disabled={projectId === null || props.disabled}
      {...props}
      options={data.map((p) => ({
        value: p.partnerId,
        label: `${p.partnerName}${p.percentageShare === null ? '' : ` (${p.percentageShare}%)`}${p.archivedAt ? ' (archived)' : ''}`,
      }))}
      isLoading={isLoading && projectId !== null}
      loadError={isError ? loadFailureText(error, 'The partners could not be loaded.') : null}
      onRetry={() => refetch()}
      emptyMessage="This project has no partners yet"
    />
  );
}
