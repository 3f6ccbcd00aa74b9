import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen isNotFound={isRouteErrorResponse(error) && error.status === 404} />;
}

/** What RouteError shows; the public pages' entry shows it from its own error boundary (no data router there). */
export function ErrorScreen({ isNotFound = false }: { isNotFound?: boolean }) {
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
