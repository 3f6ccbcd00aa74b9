import { AppShell, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/use-logout';
import { Logo } from '../logo';
import { PageLoader } from '../page-loader';

interface AdminLayoutProps {
  title: string;
  homeHref: string;
}

/** The administration areas: a top bar with the title and Logout, the page, and a footer with the year. */
export function AdminLayout({ title, homeHref }: AdminLayoutProps) {
  const logout = useLogout(paths.admin.login.getHref());
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Link to={homeHref} aria-label={`${title} home`} style={{ textDecoration: 'none' }}>
              <Box visibleFrom="xs">
                <Logo size="sm" />
              </Box>
            </Link>
            <Title order={2} fz={{ base: 16, sm: 18 }} fw={700} c="dark.6">
              {title}
            </Title>
          </Group>
          <Button variant="default" size="sm" leftSection={<IconLogout size={16} />} onClick={logout}>
            Logout
          </Button>
        </Group>
      </AppShell.Header>

      {/* The footer follows the page instead of staying fixed, so a phone keeps its whole height for content. */}
      <AppShell.Main bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
        <Container size="xl" w="100%" py={{ base: 'md', sm: 'xl' }} px="md" style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
        <Box
          component="footer"
          role="contentinfo"
          py="sm"
          px="md"
          bg="white"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="sm" c="dimmed" ta="center">
            © {new Date().getFullYear()} Plotbook. All rights reserved.
          </Text>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
