import { ActionIcon, AppShell, Burger, Group, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconCash,
  IconChartBar,
  IconChartPie,
  IconChecklist,
  IconFileCertificate,
  IconHammer,
  IconHeadset,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconShieldCog,
  IconTractor,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { getRole, useSessionUser } from '@/lib/session';
import { useLogout } from '@/lib/use-logout';
import { Logo } from '../logo';
import { PageLoader } from '../page-loader';

interface NavItem {
  path: string;
  title: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

const { app } = paths;
const MAIN_ITEMS: NavItem[] = [
  { ...app.dashboard, icon: IconLayoutDashboard },
  { ...app.project, icon: IconBuildingCommunity },
  { ...app.partner, icon: IconUsers },
  { ...app.purchase, icon: IconTractor },
  { ...app.development, icon: IconHammer },
  { ...app.sale, icon: IconReportMoney },
  { ...app.payment, icon: IconReceipt },
  { ...app.registrationPlot, icon: IconFileCertificate },
  { ...app.projectProfile, icon: IconChartPie },
  { ...app.activity, icon: IconChecklist },
  { ...app.partnerContribution, icon: IconUsersGroup },
  { ...app.paymentToPartner, icon: IconCash },
  { ...app.reports, icon: IconChartBar },
];
const FOOTER_ITEMS: NavItem[] = [
  { ...app.settings, icon: IconSettings },
  { ...app.help, icon: IconHeadset },
];

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

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

  const renderItem = ({ path, title, icon: Icon }: NavItem) => (
    <NavLink
      key={path}
      component={Link}
      to={path}
      label={title}
      leftSection={<Icon size={18} stroke={1.7} />}
      active={isActive(pathname, path)}
      aria-current={isActive(pathname, path) ? 'page' : undefined}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
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
        {isTenantAdmin ? (
          <AppShell.Section pb="xs" mb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {renderItem({ ...paths.tenantAdmin.dashboard, title: 'Admin area', icon: IconShieldCog })}
          </AppShell.Section>
        ) : null}
        <AppShell.Section grow component={ScrollArea} type="scroll">
          {MAIN_ITEMS.map(renderItem)}
        </AppShell.Section>
        <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {FOOTER_ITEMS.map(renderItem)}
          <NavLink
            component="button"
            label="Logout"
            leftSection={<IconLogout size={18} stroke={1.7} />}
            onClick={logout}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
