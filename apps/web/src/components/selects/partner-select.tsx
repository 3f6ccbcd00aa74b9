import { useQuery } from '@tanstack/react-query';
import { loadFailureText } from '@/lib/network-error';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectPartnersQueryOptions } from './queries';

/** The partners of one project (the server accepts only those on money rows). */
export function PartnerSelect({
  projectId,
  label = 'Partner',
  placeholder = 'Select partner',
  ...props
}: EntitySelectProps & { projectId: number | null }) {
  const {
    data = [],
    isLoading,
    isError,
    error,
    refetch,
  } = useQuery({
    ...projectPartnersQueryOptions(projectId ?? 0),
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
        label: p.percentageShare === null ? p.partnerName : `${p.partnerName} (${p.percentageShare}%)`,
      }))}
      isLoading={isLoading && projectId !== null}
      loadError={isError ? loadFailureText(error, 'The partners could not be loaded.') : null}
      onRetry={() => refetch()}
      emptyMessage="This project has no partners yet"
    />
  );
}
