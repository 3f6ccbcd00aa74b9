import type { Role } from '@plotbook/domain';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { getRole, getToken } from '@/lib/session';

/** A tenant admin may use every working screen of a user. */
export const USER_ROLES: readonly Role[] = ['USER', 'TENANT_ADMIN'];

/** No stored token: to Master Login. A stored role outside `roles`: to Access Denied. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  if (!getToken()) return <Navigate to={paths.admin.login.getHref()} replace />;
  const role = getRole();
  if (!role || !roles.includes(role)) return <Navigate to={paths.accessDenied.getHref()} replace />;
  return <Outlet />;
}
