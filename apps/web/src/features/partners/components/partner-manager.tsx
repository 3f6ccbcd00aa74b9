import { Stack } from '@mantine/core';
import type { PartnerDto } from '@plotbook/domain';
import { useMemo, useState } from 'react';
import type { FormStatusMessage } from '@/components/form-status';
import { usePartners } from '../api/get-partners';
import { PartnerForm } from './partner-form';
import { sharesTaken } from './partner-form-values';
import { PartnersList } from './partners-list';

/** The Partner screen: the form (new or editing) above the list of partners. */
export function PartnerManager() {
  const partners = usePartners();
  const [editing, setEditing] = useState<PartnerDto | null>(null);
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const editingId = editing?.partnerId ?? null;
  const taken = useMemo(() => sharesTaken(partners.data ?? [], editingId), [partners.data, editingId]);

  return (
    <Stack gap="lg">
      <PartnerForm
        key={editingId ?? 'new'}
        partner={editing}
        taken={taken}
        message={message}
        onMessage={setMessage}
        onDone={() => setEditing(null)}
      />
      <PartnersList
        partners={partners.data}
        isLoading={partners.isPending}
        error={partners.error}
        editingId={editingId}
        onEdit={(partner) => {
          setMessage(null);
          setEditing(partner);
        }}
        onDeleted={(partnerId) => {
          if (partnerId === editingId) setEditing(null);
        }}
      />
    </Stack>
  );
}
