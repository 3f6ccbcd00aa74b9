import { ActionIcon, AppShell, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { getRole, useSessionUser } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';
import { Logo } from '../logo';
import { PageLoader } from '../page-loader';
import { AppNav } from './app-nav';

/** The working area: a fixed 240 px sidebar on wide screens, a burger and slide-in sidebar on phones. */
export function AppLayout() {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const logout = useLogout(paths.login.getHref(), { clearSessionStorage: true });
  const user = useSessionUser();
  const userName = user ? user.userName || 'User' : 'Guest';
  // A tenant admin owns the company: they work here too and need a way back to their admin area.
  const isTenantAdmin = getRole() === 'TENANT_ADMIN';

  // The phone drawer closes once a screen is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => close(), [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
            />
            <Link to={paths.app.dashboard.getHref()} aria-label="Plotbook dashboard" style={{ textDecoration: 'none' }}>
              <Logo size="sm" />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <IconUserCircle size={22} stroke={1.5} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text fw={600} size="sm" truncate maw={{ base: 120, sm: 260 }} data-testid="top-bar-user">
              {userName}
            </Text>
            <Tooltip label="Logout">
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Logout" onClick={logout}>
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <AppNav isTenantAdmin={isTenantAdmin} onLogout={logout} />
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
