import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { type AppRoute, paths } from '@/config/paths';

const APP_NAME = 'Plotbook';

function routesOf(group: Record<string, unknown>): AppRoute[] {
  return Object.values(group).flatMap((value) => {
    if (value && typeof value === 'object' && 'path' in value && 'title' in value) return [value as AppRoute];
    return value && typeof value === 'object' ? routesOf(value as Record<string, unknown>) : [];
  });
}

/** Every route named in `config/paths.ts`, so a new screen gets its tab title by being listed there. */
const ROUTES = routesOf(paths);

/** `Plot Purchase From Farmer · Plotbook`; the landing page is just `Plotbook`; an unknown path says so. */
export function pageTitle(pathname: string): string {
  if (pathname === paths.home.path) return APP_NAME;
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return `${route ? route.title : 'Page not found'} · ${APP_NAME}`;
}

/** The one place that sets the browser tab's title: from the current path, on every navigation. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
