import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="sm" ta="center" maw={440}>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component={Link} to={paths.home.getHref()} mt="sm">
          Go Home
        </Button>
      </Stack>
    </Center>
  );
}
