import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function AccessDeniedRoute() {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="sm" ta="center" maw={440}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
          <IconLock size={34} />
        </ThemeIcon>
        <Title order={1}>Access Denied</Title>
        <Text c="dimmed">You do not have permission to view this page.</Text>
        <Button component={Link} to={paths.home.getHref()} mt="sm">
          Go Home
        </Button>
      </Stack>
    </Center>
  );
}
