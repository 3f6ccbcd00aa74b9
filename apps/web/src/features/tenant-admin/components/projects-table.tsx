import { Badge, Group } from '@mantine/core';
import { formatNumber } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { ArchiveButton, isArchived } from '@/components/archive-button';
import { type DataColumn, DataTable } from '@/components/data-table';
import { HistoryButton } from '@/components/history';
import type { ProjectRow } from '../api/get-projects';

const STATUS_COLORS: Record<string, string> = { Active: 'green', Completed: 'blue', 'On Hold': 'yellow' };

const COLUMNS: DataColumn<ProjectRow>[] = [
  {
    key: 'projectName',
    label: 'Project',
    render: (p) => (
      <>
        <b>{p.projectName}</b>
        {isArchived(p) ? (
          <Badge ml={6} size="xs" color="gray" variant="outline" title={p.archiveReason ?? undefined}>
            Archived
          </Badge>
        ) : null}
      </>
    ),
  },
  { key: 'city', label: 'City' },
  { key: 'plotCount', label: 'Plots', kind: 'number' },
  { key: 'totalArea', label: 'Total Area (sq ft)', kind: 'number', render: (p) => formatNumber(p.totalArea) },
  { key: 'totalAmount', label: 'Total Amount', kind: 'money' },
  {
    key: 'status',
    label: 'Status',
    // An archived project is not `Active` whatever its status was when it was archived.
    render: (p) =>
      isArchived(p) ? (
        <Badge variant="light" color="gray" tt="none">
          Archived
        </Badge>
      ) : (
        <Badge variant="light" color={STATUS_COLORS[p.status] ?? 'gray'} tt="none">
          {p.status || '-'}
        </Badge>
      ),
  },
];

/** The tenant's projects at a glance, each with its History and Archive (or Restore); scrolls sideways on a phone. */
export function ProjectsTable({
  projects,
  isLoading,
  onResult,
  toolbar,
}: {
  projects: ProjectRow[] | undefined;
  isLoading: boolean;
  onResult: (message: string) => void;
  /** Beside the search box (the Show archived switch). */
  toolbar?: ReactNode;
}) {
  const columns: DataColumn<ProjectRow>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      label: 'Actions',
      isSortable: false,
      searchable: false,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <HistoryButton target={{ entity: 'project', entityId: p.projectId, name: p.projectName }} />
          <ArchiveButton
            kind="project"
            id={p.projectId}
            name={p.projectName}
            archivedAt={p.archivedAt}
            onDone={onResult}
          />
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      title="Projects"
      rows={projects ?? []}
      columns={columns}
      rowKey={(p) => p.projectId}
      isLoading={isLoading}
      loadingMessage="Loading projects…"
      emptyMessage="No projects yet."
      minWidth={900}
      toolbar={toolbar ? () => toolbar : undefined}
    />
  );
}
