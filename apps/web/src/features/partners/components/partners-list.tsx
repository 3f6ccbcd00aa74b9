import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatMobile } from '@plotbook/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ArchiveButton, isArchived, ShowArchivedSwitch } from '@/components/archive-button';
import { type DataColumn, DataTable } from '@/components/data-table';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { useDeletePartner } from '../api/delete-partner';
import type { PartnerRow } from '../api/get-partners';

interface PartnersListProps {
  partners: PartnerRow[] | undefined;
  isLoading: boolean;
  error: Error | null;
  editingId: number | null;
  onEdit: (partner: PartnerRow) => void;
  onDeleted: (partnerId: number) => void;
  showArchived: boolean;
  onShowArchivedChange: (showArchived: boolean) => void;
}

function Shares({ partner }: { partner: PartnerRow }) {
  return (
    <Group gap={6}>
      {partner.projects.map((p) => (
        // The label wraps instead of hiding the share behind an ellipsis in a narrow phone card.
        <Badge
          key={p.projectId}
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          h="auto"
          py={2}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {p.projectName}
          {p.percentageShare === null ? '' : ` · ${p.percentageShare}%`}
        </Badge>
      ))}
    </Group>
  );
}

/** The company's partners with their project shares; Edit loads one into the form above. */
export function PartnersList({
  partners,
  isLoading,
  error,
  editingId,
  onEdit,
  onDeleted,
  showArchived,
  onShowArchivedChange,
}: PartnersListProps) {
  const mutation = useDeletePartner();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const confirmDelete = (partner: PartnerRow) =>
    modals.openConfirmModal({
      title: 'Delete partner?',
      children: (
        <Text size="sm">
          Delete <b>{partner.partnerName}</b> and their project shares? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete partner', cancel: 'Keep partner' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(partner.partnerId, {
          onSuccess: () => {
            setMessage({ kind: 'success', text: `${partner.partnerName} deleted.` });
            onDeleted(partner.partnerId);
          },
          onError: (e) => setMessage(failureMessage(`Could not delete ${partner.partnerName}.`, e)),
        }),
    });

  const actions = (partner: PartnerRow) => (
    <Group gap={4} justify="flex-end" wrap="wrap">
      <HistoryButton target={{ entity: 'partner', entityId: partner.partnerId, name: partner.partnerName }} />
      <ArchiveButton
        kind="partner"
        id={partner.partnerId}
        name={partner.partnerName}
        archivedAt={partner.archivedAt}
        onDone={(text) => setMessage({ kind: 'success', text })}
      />
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} />}
        aria-label={`Edit ${partner.partnerName}`}
        onClick={() => onEdit(partner)}
        disabled={isArchived(partner)}
      >
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        aria-label={`Delete ${partner.partnerName}`}
        onClick={() => confirmDelete(partner)}
        loading={mutation.isPending && mutation.variables === partner.partnerId}
      >
        Delete
      </Button>
    </Group>
  );

  const columns: DataColumn<PartnerRow>[] = [
    {
      key: 'partnerName',
      label: 'Name',
      render: (partner) => (
        <>
          <Text fw={600} size="sm">
            {partner.partnerName}
            {isArchived(partner) ? (
              <Badge ml={6} size="xs" color="gray" variant="outline" title={partner.archiveReason ?? undefined}>
                Archived
              </Badge>
            ) : null}
          </Text>
          {partner.email && (
            <Text size="xs" c="dimmed">
              {partner.email}
            </Text>
          )}
        </>
      ),
    },
    { key: 'city', label: 'City' },
    {
      key: 'phone',
      label: 'Phone',
      value: (partner) => formatMobile(partner.phone),
      render: (partner) => <span style={{ whiteSpace: 'nowrap' }}>{formatMobile(partner.phone) || '-'}</span>,
    },
    {
      key: 'projects',
      label: 'Projects (share)',
      value: (partner) => partner.projects.map((p) => p.projectName).join(', '),
      render: (partner) => <Shares partner={partner} />,
    },
    { key: 'actions', label: 'Actions', align: 'right', isSortable: false, searchable: false, render: actions },
  ];

  if (isLoading || error) {
    return (
      <Card padding="lg" component="section" aria-labelledby="partners-list-title">
        <Title order={2} fz="lg" mb="md" id="partners-list-title">
          Partners
        </Title>
        {error ? (
          <FormStatus message={failureMessage('Could not load partners.', error)} />
        ) : (
          <Text c="dimmed">Loading partners...</Text>
        )}
      </Card>
    );
  }

  return (
    <Stack gap="md" component="section" aria-label="Partners">
      <FormStatus message={message} onClose={() => setMessage(null)} />
      <DataTable
        title="Partners"
        rows={partners ?? []}
        columns={columns}
        rowKey={(partner) => partner.partnerId}
        isRowActive={(partner) => partner.partnerId === editingId}
        emptyMessage="No partners yet. Add the first one above."
        toolbar={() => <ShowArchivedSwitch checked={showArchived} onChange={onShowArchivedChange} />}
        minWidth={900}
      />
    </Stack>
  );
}
