import { Badge, Box, Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PartnerDto } from '@plotbook/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useDeletePartner } from '../api/delete-partner';

interface PartnersListProps {
  partners: PartnerDto[] | undefined;
  isLoading: boolean;
  error: Error | null;
  editingId: number | null;
  onEdit: (partner: PartnerDto) => void;
  onDeleted: (partnerId: number) => void;
}

function Shares({ partner }: { partner: PartnerDto }) {
  return (
    <Group gap={6}>
      {partner.projects.map((p) => (
        <Badge key={p.projectId} variant="light" color="gray" tt="none" fw={500}>
          {p.projectName}
          {p.percentageShare === null ? '' : ` · ${p.percentageShare}%`}
        </Badge>
      ))}
    </Group>
  );
}

/** The company's partners with their project shares; Edit loads one into the form above. */
export function PartnersList({ partners, isLoading, error, editingId, onEdit, onDeleted }: PartnersListProps) {
  const mutation = useDeletePartner();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  const confirmDelete = (partner: PartnerDto) =>
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

  const actions = (partner: PartnerDto) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} />}
        aria-label={`Edit ${partner.partnerName}`}
        onClick={() => onEdit(partner)}
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

  let body: ReactNode;
  if (isLoading) body = <Text c="dimmed">Loading partners...</Text>;
  else if (error) body = <FormStatus message={failureMessage('Could not load partners.', error)} />;
  else if (!partners?.length) body = <Text c="dimmed">No partners yet. Add the first one above.</Text>;
  else {
    body = (
      <>
        {/* Phones get one small card per partner; wider screens the table. */}
        <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {partners.map((partner) => (
            <Paper
              key={partner.partnerId}
              component="li"
              withBorder
              p="sm"
              radius="md"
              bg={partner.partnerId === editingId ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid="partner-card"
            >
              <Text fw={600}>{partner.partnerName}</Text>
              <Text size="sm" c="dimmed" mb="xs">
                {[partner.city, partner.phone, partner.email].filter(Boolean).join(' · ')}
              </Text>
              <Shares partner={partner} />
              <Box mt="xs">{actions(partner)}</Box>
            </Paper>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={720} visibleFrom="sm">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Projects (share)</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {partners.map((partner) => (
                <Table.Tr
                  key={partner.partnerId}
                  bg={partner.partnerId === editingId ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {partner.partnerName}
                    </Text>
                    {partner.email && (
                      <Text size="xs" c="dimmed">
                        {partner.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{partner.city}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{partner.phone ?? '-'}</Table.Td>
                  <Table.Td>
                    <Shares partner={partner} />
                  </Table.Td>
                  <Table.Td>{actions(partner)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );
  }

  return (
    <Card padding="lg" component="section" aria-labelledby="partners-list-title">
      <Title order={2} fz="lg" mb="md" id="partners-list-title">
        Partners
      </Title>
      <FormStatus message={message} onClose={() => setMessage(null)} mb="md" />
      {body}
    </Card>
  );
}
