import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { createPath, type Location, matchRoutes, NavigationType, type Navigator, Router, type To } from 'react-router';
import { publicRoutes } from './public-routes';

/** Whether `to` is one of the public pages or sign-in screens this entry holds. */
function isPublicPath(to: To): boolean {
  const pathname = typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname;
  return pathname === undefined || matchRoutes(publicRoutes, pathname) !== null;
}

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** The address and state, kept in the history entry as react-router keeps them (`usr`, `key`), so the app reads them. */
function currentLocation(): Location {
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

interface RouterState {
  action: NavigationType;
  location: Location;
}

/**
 * The browser router of the public pages (src/public.tsx): <BrowserRouter> for the public pages and sign-in screens,
 * while going to an address of the whole app (the dashboard after signing in, an admin area) is a full page load of
 * it (index.html), and the page stays as it is until that one replaces it.
 */
export function PublicRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ action: NavigationType.Pop, location: currentLocation() }));
  const [navigator] = useState<Navigator>(() => {
    const go = (action: NavigationType, to: To, routeState: unknown) => {
      const entry = { usr: routeState ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (action === NavigationType.Push) window.history.pushState(entry, '', hrefOf(to));
      else window.history.replaceState(entry, '', hrefOf(to));
      startTransition(() => setState({ action, location: currentLocation() }));
    };
    return {
      createHref: hrefOf,
      go: (delta) => window.history.go(delta),
      push: (to, routeState) =>
        isPublicPath(to) ? go(NavigationType.Push, to, routeState) : window.location.assign(hrefOf(to)),
      replace: (to, routeState) =>
        isPublicPath(to) ? go(NavigationType.Replace, to, routeState) : window.location.replace(hrefOf(to)),
    };
  });
  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setState({ action: NavigationType.Pop, location: currentLocation() }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
