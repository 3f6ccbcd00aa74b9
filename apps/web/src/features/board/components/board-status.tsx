import { Badge, Group, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';
import { isNetworkFailure } from '@/lib/network-error';

const pad = (n: number) => String(n).padStart(2, '0');

/** `hh:mm:ss` on India's clock (IST, UTC+05:30). */
export function formatIndiaTime(ms: number): string {
  const d = new Date(ms + 330 * 60_000);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * When the board was last checked with the server, and whether the last check failed: the board shown stays the
 * last one read, marked offline (no answer) or out of date (an error answer), until a check succeeds again.
 */
export function BoardStatus({ updatedAt, error }: { updatedAt: number; error: Error | null }) {
  if (error) {
    const isOffline = isNetworkFailure(error);
    return (
      <Group gap={6} role="status" aria-live="polite" data-testid="board-status" wrap="nowrap">
        <Badge
          color={isOffline ? 'gray' : 'red'}
          variant="filled"
          leftSection={<IconPlugConnectedX size={12} aria-hidden />}
          style={{ flexShrink: 0 }}
        >
          {isOffline ? 'Offline' : 'Not updated'}
        </Badge>
        <Text size="xs" c="dimmed">
          {isOffline ? 'Showing the board as of' : `${error instanceof ApiError ? error.message : 'Error'}. As of`}{' '}
          {formatIndiaTime(updatedAt)}; trying again…
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={4} data-testid="board-status" wrap="nowrap">
      <IconRefresh size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        Live · updated {formatIndiaTime(updatedAt)}
      </Text>
    </Group>
  );
}
