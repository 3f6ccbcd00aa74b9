import { Alert, Stack, Text, Title } from '@mantine/core';
import { RefreshButton } from '@/components/refresh-button';
import { useLockedAccounts } from '@/features/platform/api/get-locked-accounts';
import { LockedAccountsTable } from '@/features/platform/components/locked-accounts-table';

export function LockedAccountsRoute() {
  const locked = useLockedAccounts();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Locked Accounts
        </Title>
        <Text c="dimmed">
          After many wrong passwords from many places, an account is closed to devices it has not seen for 15 minutes.
          Its owner can still sign in from a device used before, or with the one-time link we email them when they enter
          the right password. Unlock an account when its owner asks.
        </Text>
      </div>
      {locked.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the locked accounts: {locked.error.message}
        </Alert>
      ) : (
        <LockedAccountsTable
          accounts={locked.data}
          isLoading={locked.isPending}
          toolbar={<RefreshButton onClick={() => locked.refetch()} isLoading={locked.isFetching} />}
        />
      )}
    </Stack>
  );
}
