import { useQuery } from '@tanstack/react-query';
import { loadFailureText } from '@/lib/network-error';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectsQueryOptions } from './queries';

/**
 * The company's live projects, labelled "name - city"; with `includeArchived` (screens that read money already
 * recorded), the archived ones too, marked "(archived)".
 */
export function ProjectSelect({
  label = 'Project',
  placeholder = '-- Select Project --',
  includeArchived = false,
  ...props
}: EntitySelectProps & { includeArchived?: boolean }) {
  const { data = [], isLoading, isError, error, refetch } = useQuery(projectsQueryOptions(includeArchived));
  return (
    <EntitySelect
      label={label}
      placeholder={placeholder}
      {...props}
      options={data.map((p) => ({
        value: p.projectId,
        label: `${p.projectName} - ${p.city}${p.archivedAt ? ' (archived)' : ''}`,
      }))}
      isLoading={isLoading}
      loadError={isError ? loadFailureText(error, 'The projects could not be loaded.') : null}
      onRetry={() => refetch()}
      emptyMessage="No projects yet"
    />
  );
}
