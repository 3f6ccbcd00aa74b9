import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { AuthHeading } from './auth-heading';

/**
 * The page a registration mail links to. The email is verified only when its owner presses Confirm: mail
 * scanners that open links (and run their scripts) must not confirm an account on the owner's behalf.
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();

  return (
    <>
      <AuthHeading title="Verify Email">Confirming the email address you registered with.</AuthHeading>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert" title="The link is incomplete">
            Open the link from your registration email exactly as it was sent, or register again.
          </Alert>
        ) : verify.isSuccess ? (
          <Alert color="green" variant="light" role="status" title="Email verified">
            {verify.data.message}
          </Alert>
        ) : verify.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not verify your email">
            {verify.error.message}
          </Alert>
        ) : verify.isPending ? (
          <Stack align="center" gap="xs" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm">Verifying your email…</Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              Confirm that you registered with this email. If you did not register, close this page: nothing happens
              without your confirmation.
            </Text>
            <Button onClick={() => verify.mutate({ token })} fullWidth>
              Confirm my email
            </Button>
          </Stack>
        )}
        <Button component={Link} to={paths.login.getHref()} variant="light" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </>
  );
}
