import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

interface RefreshButtonProps {
  onClick: () => void;
  isLoading?: boolean;
}

/** Refresh for a table's toolbar: a labelled button, and an icon alone on a phone where room is short. */
export function RefreshButton({ onClick, isLoading = false }: RefreshButtonProps) {
  return (
    <>
      <Button
        visibleFrom="sm"
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onClick}
        loading={isLoading}
      >
        Refresh
      </Button>
      <Tooltip label="Refresh">
        <ActionIcon
          hiddenFrom="sm"
          variant="default"
          size="input-sm"
          aria-label="Refresh"
          onClick={onClick}
          loading={isLoading}
        >
          <IconRefresh size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
