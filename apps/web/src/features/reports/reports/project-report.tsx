import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProjectSelect } from '@/components/selects/project-select';
import { allProjectsQueryOptions } from '@/components/selects/queries';
import { ReportFilters } from '../components/report-filters';
import type { ReportParams } from '../use-report-params';

/** `Project: Green Valley - Nagpur`, for the printed page. */
export function useProjectLabel(projectId: number | null): string {
  const { data = [] } = useQuery(allProjectsQueryOptions());
  const project = data.find((p) => p.projectId === projectId);
  return project ? `Project: ${project.projectName} - ${project.city}` : 'Project';
}

/**
 * The reports that start from one project: the project select (and `extra` controls) above, then the table once
 * a project is chosen.
 */
export function ProjectReportLayout({
  params,
  extra,
  children,
}: {
  params: ReportParams;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <ReportFilters>
        <ProjectSelect
          includeArchived
          value={params.projectId}
          onChange={params.setProjectId}
          miw={260}
          autoFocus={params.projectId === null}
        />
        {extra}
      </ReportFilters>
      {params.projectId === null ? <Text c="dimmed">Choose a project to see this report.</Text> : children}
    </>
  );
}
