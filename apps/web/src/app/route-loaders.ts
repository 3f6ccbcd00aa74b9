import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { USER_ROLES } from '@/components/guards/require-role';
import { getProjectQueryOptions, projectsQueryOptions } from '@/components/selects/queries';
import { getBoardQueryOptions } from '@/features/board/api/get-board';
import { getDashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';
import { getProjectSummariesQueryOptions } from '@/features/projects/api/get-project-summaries';
import { getPurchasesQueryOptions } from '@/features/purchases/api/get-purchases';
import { getSalesQueryOptions } from '@/features/sales/api/get-sales';
import { getRole, getToken } from '@/lib/session';

/**
 * Route loaders of the working area: each starts its screen's data requests when the navigation starts, beside
 * the screen's lazily loaded code, instead of when the screen has mounted. They use the screens' own query
 * options (same keys, same fetchers), so the screen finds the request running or its answer in the cache.
 *
 * The loader also asks for the screen's chunk and the layout's, so they load side by side instead of one after
 * the other as they render.
 *
 * A loader waits for the code, never for the data: a slow answer still shows the screen's own loading state, and
 * a failed one its own error (prefetchQuery never throws). Nothing is asked for without a signed-in
 * user of the working area: RequireRole sends the others away.
 */
type Start = (queryClient: QueryClient, args: LoaderFunctionArgs) => void;

/** A lazily loaded screen or layout (lazyNamed) whose chunk can be asked for ahead of its render. */
interface Preloadable {
  preload: () => Promise<unknown>;
}

const positiveId = (raw: string | null | undefined): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The project picker's list: every list and entry screen starts with it. */
const projectList: Start = (queryClient) => {
  void queryClient.prefetchQuery(projectsQueryOptions());
};

const starts = {
  dashboard: (queryClient) => {
    void queryClient.prefetchQuery(getDashboardQueryOptions());
  },
  viewProjects: (queryClient) => {
    void queryClient.prefetchQuery(getProjectSummariesQueryOptions());
  },
  editProject: (queryClient, { params }) => {
    const projectId = positiveId(params.projectId);
    if (projectId !== null) void queryClient.prefetchQuery(getProjectQueryOptions(projectId));
  },
  viewSales: (queryClient, { params }) => {
    void queryClient.prefetchQuery(projectsQueryOptions());
    const projectId = positiveId(params.projectId);
    if (projectId !== null) void queryClient.prefetchQuery(getSalesQueryOptions(projectId));
  },
  purchaseList: (queryClient, { request }) => {
    void queryClient.prefetchQuery(projectsQueryOptions());
    const projectId = positiveId(new URL(request.url).searchParams.get('projectId'));
    if (projectId !== null) void queryClient.prefetchInfiniteQuery(getPurchasesQueryOptions(projectId));
  },
  /** The plot board: its first answer is asked for beside the screen's code (then it polls by itself). */
  board: (queryClient, { params }) => {
    void queryClient.prefetchQuery(projectsQueryOptions());
    const projectId = positiveId(params.projectId);
    if (projectId !== null) void queryClient.prefetchQuery(getBoardQueryOptions(queryClient, projectId));
  },
  /** A screen that asks for its data once it has mounted: only its code. */
  screen: () => {},
  development: projectList,
  payment: projectList,
  reports: projectList,
} satisfies Record<string, Start>;

/** The working area's loaders, by screen: `routeLoaders(queryClient, AppLayout).dashboard(DashboardRoute)`. */
export function routeLoaders(queryClient: QueryClient, layout: Preloadable) {
  const loaderOf =
    (start: Start) =>
    (screen: Preloadable): LoaderFunction =>
    async (args) => {
      const role = getRole();
      if (getToken() && role && USER_ROLES.includes(role)) {
        start(queryClient, args);
        // The navigation ends once the screen's code is here, so the address never shows one screen while the
        // page still shows the last. A failed load is left to the screen's render, which shows the route error.
        await Promise.all([layout.preload(), screen.preload()]).catch(() => undefined);
      }
      return null;
    };
  return Object.fromEntries(Object.entries(starts).map(([name, start]) => [name, loaderOf(start)])) as Record<
    keyof typeof starts,
    (screen: Preloadable) => LoaderFunction
  >;
}
