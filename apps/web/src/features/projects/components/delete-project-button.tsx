import { Button, type ButtonProps, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteProject } from '../api/delete-project';

interface DeleteProjectButtonProps extends ButtonProps {
  projectId: number;
  projectName: string;
  onDeleted: (message: string) => void;
  /** The server's reason, e.g. the 409 naming the entries that keep the project. */
  onFailed: (error: unknown) => void;
}

/** Deletes a project after a confirmation; the server keeps projects that have entries recorded. */
export function DeleteProjectButton({
  projectId,
  projectName,
  onDeleted,
  onFailed,
  ...props
}: DeleteProjectButtonProps) {
  const mutation = useDeleteProject();

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete project?',
      children: (
        <Text size="sm">
          Delete <b>{projectName}</b> with its plots, partner shares and activities? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete project', cancel: 'Keep project' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(projectId, {
          onSuccess: () => onDeleted(`${projectName} deleted.`),
          onError: onFailed,
        }),
    });

  return (
    <Button
      color="red"
      variant="subtle"
      leftSection={<IconTrash size={16} />}
      loading={mutation.isPending}
      onClick={confirm}
      {...props}
    >
      Delete
    </Button>
  );
}
