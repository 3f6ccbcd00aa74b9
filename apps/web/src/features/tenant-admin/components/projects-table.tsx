import { Badge } from '@mantine/core';
import { formatNumber, type ProjectDto } from '@plotbook/domain';
import { type DataColumn, DataTable } from '@/components/data-table';

const STATUS_COLORS: Record<string, string> = { Active: 'green', Completed: 'blue', 'On Hold': 'yellow' };

const COLUMNS: DataColumn<ProjectDto>[] = [
  { key: 'projectName', label: 'Project', render: (p) => <b>{p.projectName}</b> },
  { key: 'city', label: 'City' },
  { key: 'plotCount', label: 'Plots', kind: 'number' },
  { key: 'totalArea', label: 'Total Area (sq ft)', kind: 'number', render: (p) => formatNumber(p.totalArea) },
  { key: 'totalAmount', label: 'Total Amount', kind: 'money' },
  {
    key: 'status',
    label: 'Status',
    render: (p) => (
      <Badge variant="light" color={STATUS_COLORS[p.status] ?? 'gray'} tt="none">
        {p.status || '-'}
      </Badge>
    ),
  },
];

/** The tenant's projects at a glance; scrolls sideways on a phone. */
export function ProjectsTable({ projects, isLoading }: { projects: ProjectDto[] | undefined; isLoading: boolean }) {
  return (
    <DataTable
      title="Projects"
      rows={projects ?? []}
      columns={COLUMNS}
      rowKey={(p) => p.projectId}
      isLoading={isLoading}
      loadingMessage="Loading projects…"
      emptyMessage="No projects yet."
      minWidth={720}
    />
  );
}
