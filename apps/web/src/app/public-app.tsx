import { Component, type ReactNode, useEffect } from 'react';
import { useLocation, useNavigationType, useRoutes } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ErrorScreen } from '@/components/route-error';
import { publicRoutes, RootLayout } from './public-routes';

// The prerendered public pages' app: the landing page, Request a Demo and the sign-in screens, routed in
// react-router's declarative mode (./public-router.tsx, <StaticRouter> at build time), which leaves the data router and
// all of the working area out of their code. src/public.tsx hydrates it; ./prerender.tsx renders it.

/** A new page starts at the top; going back and forward leaves the scroll to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * An address of the whole app reached through the history (./public-router.tsx sends links and redirects there as a
 * full page load): loading it again opens it in the app (index.html), with the state it was opened with.
 */
function OpenInApp() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return <PageLoader />;
}

/** A page that fails to render, or whose code cannot be loaded (e.g. after a new release). */
class PublicErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

export function PublicApp() {
  const page = useRoutes([
    {
      element: (
        <RootLayout>
          <ScrollToTop />
        </RootLayout>
      ),
      children: [...publicRoutes, { path: '*', element: <OpenInApp /> }],
    },
  ]);
  return <PublicErrorBoundary>{page}</PublicErrorBoundary>;
}
