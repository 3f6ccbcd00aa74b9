import { AppShell, Button, NavLink, ScrollArea } from '@mantine/core';
import {
  IconAddressBook,
  IconAlarm,
  IconBuildingCommunity,
  IconCash,
  IconChartBar,
  IconChartPie,
  IconChecklist,
  IconChevronDown,
  IconFileCertificate,
  IconGridDots,
  IconHammer,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconShieldCog,
  IconTractor,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import classes from './app-nav.module.css';
import { isNavItemActive, type NavTarget, scrollCue } from './nav-logic';

interface NavItem extends NavTarget {
  /** The sidebar's label, which may be shorter than the screen's title (Reports opens Report Dashboard). */
  title: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

const { app } = paths;
const MAIN_ITEMS: NavItem[] = [
  { ...app.dashboard, icon: IconLayoutDashboard },
  { ...app.project, icon: IconBuildingCommunity, children: [app.viewProjects.path] },
  { ...app.partner, icon: IconUsers },
  { ...app.purchase, icon: IconTractor, children: [app.purchaseList.path] },
  { ...app.development, icon: IconHammer },
  { ...app.sale, icon: IconReportMoney, children: [app.viewSales.path] },
  { ...app.buyers, icon: IconAddressBook, children: [app.buyer.path] },
  // The sales desk: every plot of a project at a glance (issue 21).
  { path: app.board.getHref(0), title: app.board.title, icon: IconGridDots, children: [app.board.path] },
  { ...app.payment, icon: IconReceipt },
  { ...app.collections, icon: IconAlarm },
  { ...app.registrationPlot, icon: IconFileCertificate, children: [app.registrations.path] },
  { ...app.projectProfile, icon: IconChartPie },
  { ...app.activity, icon: IconChecklist },
  { ...app.partnerContribution, icon: IconUsersGroup },
  { ...app.paymentToPartner, icon: IconCash },
  { path: app.reports.path, title: 'Reports', icon: IconChartBar, children: [app.tdsPending.path] },
];
const FOOTER_ITEMS: NavItem[] = [
  { ...app.settings, icon: IconSettings },
  { ...app.help, icon: IconHeadset },
];
const ADMIN_AREA: NavItem = { path: paths.tenantAdmin.dashboard.path, title: 'Admin area', icon: IconShieldCog };
/** Tenant admins only, beside Admin area. */
const AUDIT: NavItem = { ...app.audit, icon: IconHistory };

const itemClasses = { root: classes.item, body: classes.body, section: classes.icon };

function useScrollCue() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [hasMoreBelow, setMoreBelow] = useState(false);
  const update = useCallback(() => {
    const viewport = viewportRef.current;
    if (viewport) setMoreBelow(scrollCue(viewport).hasMoreBelow);
  }, []);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    if (viewport.firstElementChild) observer.observe(viewport.firstElementChild);
    return () => observer.disconnect();
  }, [update]);
  // A page of items less a row, so the row that was last stays in sight.
  const scrollDown = () => viewportRef.current?.scrollBy({ top: viewportRef.current.clientHeight - 32 });
  return { viewportRef, hasMoreBelow, update, scrollDown };
}

/**
 * The working area's sidebar. Its rows fit a 1366 × 650 screen; on a shorter one the list scrolls, with its
 * scrollbar shown and a "More" button over a fade while items are hidden below.
 */
export function AppNav({ isTenantAdmin, onLogout }: { isTenantAdmin: boolean; onLogout: () => void }) {
  const { pathname } = useLocation();
  const { viewportRef, hasMoreBelow, update, scrollDown } = useScrollCue();

  // The marked item is brought into view (a short screen opened on Reports shows Reports marked).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => {
    viewportRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
    update();
  }, [pathname, update]);

  const renderItem = (item: NavItem) => {
    const { path, title, icon: Icon } = item;
    const isActive = isNavItemActive(pathname, item);
    return (
      <NavLink
        key={path}
        component={Link}
        to={path}
        label={title}
        leftSection={<Icon size={18} stroke={1.7} />}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        variant="light"
        classNames={itemClasses}
      />
    );
  };

  return (
    <>
      {isTenantAdmin ? (
        <AppShell.Section pb={4} mb={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {/* One row for both, so the whole menu still fits a 1366 × 650 screen. */}
          <div className={classes.adminRow}>
            {renderItem(ADMIN_AREA)}
            {renderItem(AUDIT)}
          </div>
        </AppShell.Section>
      ) : null}
      <AppShell.Section grow className={classes.scroller}>
        <ScrollArea h="100%" type="auto" scrollbarSize={6} viewportRef={viewportRef} onScrollPositionChange={update}>
          {MAIN_ITEMS.map(renderItem)}
        </ScrollArea>
        {hasMoreBelow ? (
          <div className={classes.more}>
            <Button
              size="compact-xs"
              variant="default"
              radius="xl"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              onClick={scrollDown}
              aria-label="More menu items below"
            >
              More
            </Button>
          </div>
        ) : null}
      </AppShell.Section>
      <AppShell.Section pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        {FOOTER_ITEMS.map(renderItem)}
        <NavLink
          component="button"
          label="Logout"
          leftSection={<IconLogout size={18} stroke={1.7} />}
          onClick={onLogout}
          classNames={itemClasses}
        />
      </AppShell.Section>
    </>
  );
}
