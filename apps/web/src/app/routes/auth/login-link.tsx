import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useOpenLoginLink } from '@/features/auth/api/open-login-link';
import { useSite } from '@/features/site/api/get-site';
import { AuthHeading } from './auth-heading';

/**
 * The page a sign-in link mail points to. The device is allowed only when its owner presses the button: mail
 * scanners that open links (and run their scripts) must not allow a device on the owner's behalf.
 */
export function LoginLinkRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const open = useOpenLoginLink();
  const site = useSite();
  const isPlatform = site.data?.kind === 'platform';

  return (
    <>
      <AuthHeading title="Allow This Device">Letting the device you signed in from past the pause.</AuthHeading>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert" title="The link is incomplete">
            Open the link from the email exactly as it was sent, or sign in again to get a new one.
          </Alert>
        ) : open.isSuccess ? (
          <Alert color="green" variant="light" role="status" title="Device allowed">
            {open.data.message}
          </Alert>
        ) : open.isError ? (
          <Alert color="red" variant="light" role="alert" title="Could not use this link">
            {open.error.message}
          </Alert>
        ) : open.isPending ? (
          <Stack align="center" gap="xs" aria-busy="true">
            <Loader size="sm" />
            <Text size="sm">Allowing your device…</Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              Allow the device you just signed in from? Only do this if it was you: if it was not, close this page and
              change your password.
            </Text>
            <Button onClick={() => open.mutate({ token })} fullWidth>
              Allow my device
            </Button>
          </Stack>
        )}
        <Group grow>
          {isPlatform ? null : (
            <Button component={Link} to={paths.login.getHref()} variant="light">
              Go to sign in
            </Button>
          )}
          <Button component={Link} to={paths.admin.login.getHref()} variant="light">
            Administrator sign in
          </Button>
        </Group>
      </Stack>
    </>
  );
}
