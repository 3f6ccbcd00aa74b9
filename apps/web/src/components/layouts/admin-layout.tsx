import { ActionIcon, AppShell, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconLayoutDashboard, IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/use-logout';
import { Logo } from '../logo';
import { PageLoader } from '../page-loader';

interface AdminLayoutProps {
  title: string;
  homeHref: string;
  /** The tenant admin's way into the company's working screens. */
  workingAreaHref?: string;
}

/** The administration areas: a top bar with the title and Logout, the page, and a footer with the year. */
export function AdminLayout({ title, homeHref, workingAreaHref }: AdminLayoutProps) {
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
            <Title order={2} fz={{ base: 16, sm: 18 }} fw={700} c="dark.6" style={{ whiteSpace: 'nowrap' }}>
              {title}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {workingAreaHref ? (
              <Button
                component={Link}
                to={workingAreaHref}
                variant="light"
                size="sm"
                leftSection={<IconLayoutDashboard size={16} aria-hidden />}
              >
                Working area
              </Button>
            ) : null}
            <Button
              variant="default"
              size="sm"
              leftSection={<IconLogout size={16} />}
              onClick={logout}
              visibleFrom="xs"
            >
              Logout
            </Button>
            {/* A phone shows Logout as an icon, so the title and Working area fit beside it. */}
            <ActionIcon variant="default" size={36} aria-label="Logout" onClick={logout} hiddenFrom="xs">
              <IconLogout size={18} />
            </ActionIcon>
          </Group>
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
