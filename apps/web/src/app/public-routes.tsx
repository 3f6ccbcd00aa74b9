import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { lazyNamed } from '@/lib/lazy-named';
import { usePageTitle } from '@/lib/page-title';

// The public pages and the other sign-in screens, shared by the public pages' own entry (./public-app.tsx) and the
// whole app's router (./router.tsx). Each screen is its own chunk: a page loads only its own code.
const LandingRoute = lazyNamed(() => import('./routes/landing'), 'LandingRoute');
const CreateDemoRoute = lazyNamed(() => import('./routes/create-demo'), 'CreateDemoRoute');
const AuthLayout = lazyNamed(() => import('@/components/layouts/auth-layout'), 'AuthLayout');
const LoginRoute = lazyNamed(() => import('./routes/auth/login'), 'LoginRoute');
const RegisterRoute = lazyNamed(() => import('./routes/auth/register'), 'RegisterRoute');
const ResetPasswordRoute = lazyNamed(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute');
const ForgotPasswordRoute = lazyNamed(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute');
const MasterLoginRoute = lazyNamed(() => import('./routes/auth/master-login'), 'MasterLoginRoute');
const VerifyEmailRoute = lazyNamed(() => import('./routes/auth/verify-email'), 'VerifyEmailRoute');
const LoginLinkRoute = lazyNamed(() => import('./routes/auth/login-link'), 'LoginLinkRoute');

/**
 * The root of both routers: the tab title and the loader shown while a screen's code loads; `children` is how the
 * router restores the scroll position.
 */
export function RootLayout({ children }: { children?: ReactNode }) {
  usePageTitle();
  // Marks the page live once React has taken over the prerendered HTML (the browser tests wait for it before
  // they type into a public page's form).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Suspense fallback={<PageLoader />}>
      {children}
      <Outlet />
    </Suspense>
  );
}

export const publicRoutes: RouteObject[] = [
  { path: paths.home.path, element: <LandingRoute /> },
  { path: paths.createDemo.path, element: <CreateDemoRoute /> },
  {
    element: <AuthLayout />,
    children: [
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.register.path, element: <RegisterRoute /> },
      { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
      { path: paths.resetPasswordLower.path, element: <ResetPasswordRoute /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordRoute /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailRoute /> },
      { path: paths.loginLink.path, element: <LoginLinkRoute /> },
      { path: paths.admin.login.path, element: <MasterLoginRoute /> },
    ],
  },
];
