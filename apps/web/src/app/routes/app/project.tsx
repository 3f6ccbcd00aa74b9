import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Archivable, ArchiveButton } from '@/components/archive-button';
import { FlashMessage } from '@/components/flash-message';
import { failureMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { PageLoader } from '@/components/page-loader';
import { useProject } from '@/components/selects/queries';
import { paths } from '@/config/paths';
import { PlanSection } from '@/features/board/components/plan-section';
import { DeleteProjectButton } from '@/features/projects/components/delete-project-button';
import { ProjectForm } from '@/features/projects/components/project-form';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Create Project (`/project`) and Edit Project (`/project/:projectId`). */
export function ProjectRoute() {
  const params = useParams();
  const projectId = params.projectId === undefined ? null : parseId(params.projectId);
  const isEdit = params.projectId !== undefined;
  const project = useProject(projectId);
  const navigate = useNavigate();

  const heading = (
    <Group justify="space-between" align="flex-end" gap="xs">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {isEdit ? 'Edit Project' : 'Create Project'}
        </Title>
        <Text c="dimmed">
          {isEdit && project.data
            ? `${project.data.projectName} - ${project.data.city}`
            : 'Record the land, its rate and the plots it is divided into.'}
        </Text>
      </div>
      {isEdit && (
        <Button component={Link} to={paths.app.project.getHref()} variant="light" leftSection={<IconPlus size={16} />}>
          New Project
        </Button>
      )}
    </Group>
  );

  let body: ReactNode;
  if (!isEdit) {
    body = <ProjectForm key="new" />;
  } else if (projectId === null || project.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the project">
        {project.error?.message ?? 'Project not found.'}
      </Alert>
    );
  } else if (!project.data) {
    body = <PageLoader />;
  } else {
    const { projectName } = project.data;
    body = (
      <>
        <ProjectForm
          key={projectId}
          project={project.data}
          extraActions={(report) => (
            <>
              <HistoryButton target={{ entity: 'project', entityId: projectId, name: projectName }} size="sm" />
              <ArchiveButton
                kind="project"
                id={projectId}
                name={projectName}
                archivedAt={(project.data as Archivable).archivedAt}
                onDone={(message) => report({ kind: 'success', text: message })}
                size="sm"
              />
              <DeleteProjectButton
                projectId={projectId}
                projectName={projectName}
                onDeleted={(message) => navigate(paths.app.viewProjects.getHref(), { state: { message } })}
                onFailed={(error) => report(failureMessage(`Could not delete ${projectName}.`, error))}
              />
            </>
          )}
        />
        <PlanSection projectId={projectId} plots={project.data.plots} />
      </>
    );
  }

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      {heading}
      <FlashMessage />
      {body}
    </Stack>
  );
}
