import { Alert, Anchor } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MasterLoginForm } from '@/features/auth/components/master-login-form';
import { useSite } from '@/features/site/api/get-site';
import { AuthHeading } from './auth-heading';

export function MasterLoginRoute() {
  const navigate = useNavigate();
  const site = useSite();
  return (
    <>
      <AuthHeading title="Master Login">Administration sign-in.</AuthHeading>
      <Alert color="gray" variant="light" icon={<IconShieldLock aria-hidden />} mb="md" role="note">
        This login is for SUPER_ADMIN and TENANT_ADMIN accounts only.
        {site.data?.kind === 'tenant' ? (
          <>
            {' '}
            Company staff sign in at{' '}
            <Anchor component={Link} to={paths.login.getHref()}>
              Login
            </Anchor>
            .
          </>
        ) : null}
      </Alert>
      <MasterLoginForm
        onSuccess={(response) => {
          if (response.resetPasswordRequired) {
            navigate(paths.resetPassword.getHref(), {
              state: {
                email: response.email,
                tone: 'info',
                message: 'Please reset your password before you continue.',
              },
            });
          } else if (response.role === 'SUPER_ADMIN') {
            navigate(paths.admin.dashboard.getHref(), { replace: true });
          } else {
            navigate(paths.tenantAdmin.dashboard.getHref(), { replace: true });
          }
        }}
      />
    </>
  );
}
