import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';

interface ComingSoonProps {
  title: string;
  backHref?: string;
  backLabel?: string;
}

/** The one placeholder for screens that are not built yet. */
export function ComingSoon({ title, backHref, backLabel = 'Back' }: ComingSoonProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto" mt="lg">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed">This screen is coming soon.</Text>
        {backHref ? (
          <Button component={Link} to={backHref} variant="light" mt="sm">
            {backLabel}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
