import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { isNetworkFailure, UNREACHABLE_MESSAGE, UNREACHABLE_TITLE } from '@/lib/network-error';

/**
 * A list or figures that failed to load, in place of them (never beside an empty state): the network's failure
 * says the server could not be reached, any other says `title` and the server's message. Retry asks again.
 */
export function LoadError({
  title,
  error,
  onRetry,
  isRetrying = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const isUnreachable = isNetworkFailure(error);
  const message = isUnreachable
    ? UNREACHABLE_MESSAGE
    : error instanceof Error && error.message
      ? error.message
      : 'Please try again.';
  const Icon = isUnreachable ? IconPlugConnectedX : IconAlertCircle;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<Icon aria-hidden />}
      title={isUnreachable ? UNREACHABLE_TITLE : title}
    >
      <Group gap="sm" justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
