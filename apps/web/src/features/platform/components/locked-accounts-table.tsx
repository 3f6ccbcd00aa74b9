import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { LockedAccount } from '@plotbook/domain';
import { IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DateTimeText } from '@/components/date-time-text';
import { useUnlockAccount } from '../api/unlock-account';

const companyOf = (a: LockedAccount) => a.tenantId ?? 'Platform (super admin)';

function UnlockButton({ account }: { account: LockedAccount }) {
  const unlock = useUnlockAccount();
  const who = `${account.email} (${companyOf(account)})`;
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Unlock account',
      children: (
        <Text size="sm">
          Let new devices sign in to {who} again? Do this when its owner asks; the guessers&apos; own addresses still
          wait between attempts.
        </Text>
      ),
      labels: { confirm: 'Unlock', cancel: 'Cancel' },
      onConfirm: () =>
        unlock.mutateAsync({ account: account.account }).then(
          (result) => notifications.show({ color: 'green', message: result.message }),
          (error: Error) => notifications.show({ color: 'red', title: 'Could not unlock', message: error.message }),
        ),
    });
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconLockOpen size={14} />}
      onClick={confirm}
      loading={unlock.isPending}
      aria-label={`Unlock ${who}`}
    >
      Unlock
    </Button>
  );
}

const COLUMNS: DataColumn<LockedAccount>[] = [
  { key: 'tenantId', label: 'Company', value: companyOf, render: (a) => <b>{companyOf(a)}</b> },
  { key: 'email', label: 'Email' },
  { key: 'failures', label: 'Wrong passwords', kind: 'number', searchable: false },
  {
    key: 'lockedUntil',
    label: 'Locked until',
    value: (a) => Date.parse(a.lockedUntil) || null,
    searchable: false,
    render: (a) => <DateTimeText value={a.lockedUntil} />,
  },
  {
    key: 'actions',
    label: 'Actions',
    isSortable: false,
    searchable: false,
    render: (a) => <UnlockButton account={a} />,
  },
];

interface LockedAccountsTableProps {
  accounts: LockedAccount[] | undefined;
  isLoading: boolean;
  toolbar?: ReactNode;
}

/** Accounts at their ceiling of wrong passwords: new devices are turned away until the time shown. */
export function LockedAccountsTable({ accounts, isLoading, toolbar }: LockedAccountsTableProps) {
  return (
    <DataTable
      title="Locked accounts"
      rows={accounts ?? []}
      columns={COLUMNS}
      rowKey={(a) => a.account}
      emptyMessage={isLoading ? 'Loading locked accounts…' : 'No account is locked.'}
      toolbar={() => toolbar}
      minWidth={760}
    />
  );
}
