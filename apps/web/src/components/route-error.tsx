import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { refreshFailedChunks } from '@/lib/lazy-named';
import { isNetworkFailure, UNREACHABLE_MESSAGE, UNREACHABLE_TITLE } from '@/lib/network-error';

/**
 * Shown when a screen fails to render or its code cannot be loaded. Inside a layout it takes the screen's place
 * only, so the sidebar stays. A chunk that could not be fetched says the server is unreachable, and Retry runs the
 * screen's loaders again (which load its code) and draws it.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isNetworkFailure(error)) {
    return (
      <ErrorScreen
        isUnreachable
        onRetry={() => {
          refreshFailedChunks();
          void revalidator.revalidate();
        }}
        isRetrying={revalidator.state === 'loading'}
      />
    );
  }
  return <ErrorScreen isNotFound={isRouteErrorResponse(error) && error.status === 404} />;
}

/** What RouteError shows; the public pages' entry shows it from its own error boundary (no data router there). */
export function ErrorScreen({
  isNotFound = false,
  isUnreachable = false,
  onRetry,
  isRetrying = false,
}: {
  isNotFound?: boolean;
  isUnreachable?: boolean;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  if (isUnreachable) {
    return (
      <Center mih="50vh" p="md">
        <Stack align="center" gap="sm" ta="center" maw={480} role="alert">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {UNREACHABLE_TITLE}
          </Title>
          <Text c="dimmed">{UNREACHABLE_MESSAGE}</Text>
          <Button onClick={onRetry} loading={isRetrying}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Title order={1}>{isNotFound ? 'Page not found' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {isNotFound
            ? 'The page you asked for does not exist.'
            : 'Please reload the page. If it keeps happening, contact support.'}
        </Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()} variant="default">
            Reload
          </Button>
          <Button component={Link} to="/">
            Go Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
