import { useQuery } from '@tanstack/react-query';
import { loadFailureText } from '@/lib/network-error';
import { EntitySelect, type EntitySelectProps } from './entity-select';
import { projectsQueryOptions } from './queries';

/** Every project of the company, labelled "name - city". */
export function ProjectSelect({
  label = 'Project',
  placeholder = '-- Select Project --',
  ...props
}: EntitySelectProps) {
  const { data = [], isLoading, isError, error, refetch } = useQuery(projectsQueryOptions());
  return (
    <EntitySelect
      label={label}
      placeholder={placeholder}
      {...props}
      options={data.map((p) => ({ value: p.projectId, label: `${p.projectName} - ${p.city}` }))}
      isLoading={isLoading}
      loadError={isError ? loadFailureText(error, 'The projects could not be loaded.') : null}
      onRetry={() => refetch()}
      emptyMessage="No projects yet"
    />
  );
}
