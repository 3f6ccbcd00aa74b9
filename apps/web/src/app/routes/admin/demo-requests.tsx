import { Alert, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DemoRequest } from '@plotbook/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { RefreshButton } from '@/components/refresh-button';
import { useDemoRequests } from '@/features/demo-requests/api/get-demo-requests';
import { useUpdateDemoRequestStatus } from '@/features/demo-requests/api/update-demo-request-status';
import { DemoRequestsTable } from '@/features/demo-requests/components/demo-requests-table';
import { suggestTenant } from '@/features/demo-requests/components/suggest-tenant';
import { CreateTenantForm } from '@/features/tenants/components/create-tenant-form';

export function DemoRequestsRoute() {
  const requests = useDemoRequests();
  const updateStatus = useUpdateDemoRequestStatus();
  const [creatingFor, setCreatingFor] = useState<DemoRequest | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const suggestion = useMemo(() => (creatingFor ? suggestTenant(creatingFor) : undefined), [creatingFor]);

  const setStatus = (request: DemoRequest, status: 'CANCELLED' | 'PENDING', failure: string) =>
    updateStatus.mutate(
      { id: request.id, status },
      {
        onError: (error) =>
          notifications.show({ color: 'red', title: failure, message: error.message, autoClose: 8000 }),
      },
    );

  const reject = (request: DemoRequest) =>
    modals.openConfirmModal({
      title: 'Reject demo request',
      children: <Text size="sm">Are you sure you want to reject this request?</Text>,
      labels: { confirm: 'Reject', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => setStatus(request, 'CANCELLED', 'Failed to reject request!'),
    });

  let content: ReactNode;
  if (requests.isPending) content = <PageLoader />;
  else if (requests.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Text size="sm" mb="xs">
          Failed to load demo requests
        </Text>
        <Button size="xs" variant="white" color="red" onClick={() => requests.refetch()} loading={requests.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const actions = {
      busyId: updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null,
      onCreateTenant: setCreatingFor,
      onReject: reject,
      onReopen: (request: DemoRequest) => setStatus(request, 'PENDING', 'Failed to reopen request!'),
    };
    content = (
      <DemoRequestsTable
        requests={requests.data}
        toolbar={<RefreshButton onClick={() => requests.refetch()} isLoading={requests.isFetching} />}
        {...actions}
      />
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Demo Requests
        </Title>
        <Text c="dimmed">
          Companies that asked for a demo. Create a tenant from a request to give them their own Plotbook.
        </Text>
      </div>
      {content}

      <Modal
        opened={creatingFor !== null}
        onClose={() => setCreatingFor(null)}
        title={creatingFor ? `Create Tenant for ${creatingFor.companyName}` : 'Create Tenant'}
        size="xl"
        fullScreen={isPhone}
      >
        {creatingFor ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Suggested from demo request #{creatingFor.id}; change anything before creating. The requester is mailed
              when the company is ready, and the request becomes COMPLETED.
            </Text>
            <CreateTenantForm
              key={creatingFor.id}
              initialValues={suggestion}
              autoFocus
              onCreated={(tenant) => {
                setCreatingFor(null);
                notifications.show({ color: 'green', message: `Tenant "${tenant.tenantId}" created.` });
              }}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
