import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useSite } from '@/features/site/api/get-site';
import { AuthHeading } from './auth-heading';

export function RegisterRoute() {
  const navigate = useNavigate();
  const site = useSite();
  const tenantId = site.data?.kind === 'tenant' ? site.data.tenantId : null;

  return (
    <>
      <AuthHeading title="Register">Create your account with your company on Plotbook.</AuthHeading>
      {site.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : tenantId ? (
        <RegisterForm
          tenantId={tenantId}
          onSuccess={(message) => navigate(paths.home.getHref(), { state: { message } })}
        />
      ) : (
        <Stack gap="md">
          <Alert color="blue" variant="light" title="Registration happens at your company's address" role="note">
            Accounts belong to a company. Open your company&apos;s Plotbook address (for example{' '}
            <strong>yourcompany.{site.data?.baseDomain ?? 'localhost'}</strong>) to register. New to Plotbook? Ask for a
            demo and we will set your company up.
          </Alert>
          <Button component={Link} to={paths.createDemo.getHref()} fullWidth>
            Request a demo
          </Button>
        </Stack>
      )}
    </>
  );
}
