import { Alert, Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { FlashMessage } from '@/components/flash-message';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSite } from '@/features/site/api/get-site';
import { AuthHeading } from './auth-heading';

export function LoginRoute() {
  const navigate = useNavigate();
  const site = useSite();
  return (
    <>
      <FlashMessage />
      <AuthHeading title="Login">Sign in to manage your projects, plots and partners.</AuthHeading>
      {site.data?.kind === 'platform' ? (
        <Alert color="blue" variant="light" mb="md" role="note">
          This is the platform address. Staff sign in at their company&apos;s own address; administrators use{' '}
          <Anchor component={Link} to={paths.admin.login.getHref()}>
            Master Login
          </Anchor>
          .
        </Alert>
      ) : null}
      <LoginForm
        onSuccess={(response) =>
          response.resetPasswordRequired
            ? navigate(paths.resetPassword.getHref(), {
                state: {
                  email: response.user.emailId,
                  tone: 'info',
                  message: 'Please reset your password before you continue.',
                },
              })
            : navigate(paths.app.dashboard.getHref(), { replace: true })
        }
      />
    </>
  );
}
