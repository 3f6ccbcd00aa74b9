import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { RequireRole, USER_ROLES } from '@/components/guards/require-role';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { type AppRoute, paths } from '@/config/paths';
import { lazyNamed } from './lazy-named';
import { LandingRoute } from './routes/landing';

// The landing page is in the first bundle; every other area loads when it is first opened.
const AuthLayout = lazyNamed(() => import('@/components/layouts/auth-layout'), 'AuthLayout');
const AppLayout = lazyNamed(() => import('@/components/layouts/app-layout'), 'AppLayout');
const AdminLayout = lazyNamed(() => import('@/components/layouts/admin-layout'), 'AdminLayout');
const LoginRoute = lazyNamed(() => import('./routes/auth/login'), 'LoginRoute');
const RegisterRoute = lazyNamed(() => import('./routes/auth/register'), 'RegisterRoute');
const ResetPasswordRoute = lazyNamed(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute');
const ForgotPasswordRoute = lazyNamed(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute');
const MasterLoginRoute = lazyNamed(() => import('./routes/auth/master-login'), 'MasterLoginRoute');
const AccessDeniedRoute = lazyNamed(() => import('./routes/access-denied'), 'AccessDeniedRoute');
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');
const DashboardRoute = lazyNamed(() => import('./routes/app/dashboard'), 'DashboardRoute');
const AdminDashboardRoute = lazyNamed(() => import('./routes/admin/admin-dashboard'), 'AdminDashboardRoute');
const TenantAdminDashboardRoute = lazyNamed(
  () => import('./routes/admin/tenant-admin-dashboard'),
  'TenantAdminDashboardRoute',
);

/** Screens not built yet: one shared placeholder each. */
function comingSoon(routes: AppRoute[], backHref: string, backLabel: string): RouteObject[] {
  return routes.map((r) => ({
    path: r.path,
    element: <ComingSoon title={r.title} backHref={backHref} backLabel={backLabel} />,
  }));
}

function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}

const { app, admin, tenantAdmin } = paths;
const toDashboard = [app.dashboard.getHref(), 'Back to Dashboard'] as const;
const toAdminDashboard = [admin.dashboard.getHref(), 'Back to Admin Dashboard'] as const;
const toTenantAdminDashboard = [tenantAdmin.dashboard.getHref(), 'Back to Tenant Admin Dashboard'] as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <LandingRoute /> },
      {
        path: paths.createDemo.path,
        element: <ComingSoon title={paths.createDemo.title} backHref={paths.home.getHref()} backLabel="Go Home" />,
      },
      { path: paths.accessDenied.path, element: <AccessDeniedRoute /> },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login.path, element: <LoginRoute /> },
          { path: paths.register.path, element: <RegisterRoute /> },
          { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
          { path: paths.resetPasswordLower.path, element: <ResetPasswordRoute /> },
          { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
          { path: admin.login.path, element: <MasterLoginRoute /> },
        ],
      },
      {
        element: <RequireRole roles={USER_ROLES} />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: app.dashboard.path, element: <DashboardRoute /> },
              ...comingSoon(
                [
                  app.project,
                  app.partner,
                  app.purchase,
                  app.development,
                  app.sale,
                  app.payment,
                  app.registrationPlot,
                  app.projectProfile,
                  app.activity,
                  app.partnerContribution,
                  app.paymentToPartner,
                  app.reports,
                  app.settings,
                  app.help,
                  app.viewProjects,
                  app.viewSales,
                  app.purchaseList,
                  app.registrations,
                ],
                ...toDashboard,
              ),
            ],
          },
        ],
      },
      {
        element: <AdminLayout title="Admin Dashboard" homeHref={admin.dashboard.getHref()} />,
        children: [
          {
            element: <RequireRole roles={['SUPER_ADMIN']} />,
            children: [
              { path: admin.dashboard.path, element: <AdminDashboardRoute /> },
              ...comingSoon(
                [admin.tenants, admin.tenantUsers, admin.tenantAdmins, admin.settings],
                ...toAdminDashboard,
              ),
            ],
          },
          // The spec gives the demo-request list no route guard; its API is for SUPER_ADMIN only.
          ...comingSoon([admin.demoRequests], ...toAdminDashboard),
        ],
      },
      {
        element: <RequireRole roles={['TENANT_ADMIN']} />,
        children: [
          {
            element: <AdminLayout title="Tenant Admin" homeHref={tenantAdmin.dashboard.getHref()} />,
            children: [
              { path: tenantAdmin.dashboard.path, element: <TenantAdminDashboardRoute /> },
              ...comingSoon([tenantAdmin.users, tenantAdmin.projects], ...toTenantAdminDashboard),
            ],
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
