import { Stack } from '@mantine/core';
import type { PartnerDto } from '@plotbook/domain';
import { useMemo, useState } from 'react';
import { isArchived } from '@/components/archive-button';
import type { FormStatusMessage } from '@/components/form-status';
import { usePartners } from '../api/get-partners';
import { PartnerForm } from './partner-form';
import { sharesTaken } from './partner-form-values';
import { PartnersList } from './partners-list';

/** The Partner screen: the form (new or editing) above the list of partners. */
export function PartnerManager() {
  const [showArchived, setShowArchived] = useState(false);
  const partners = usePartners(showArchived);
  const [editing, setEditing] = useState<PartnerDto | null>(null);
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  const editingId = editing?.partnerId ?? null;
  // An archived partner's shares no longer count against the 100 %.
  const taken = useMemo(
    () =>
      sharesTaken(
        (partners.data ?? []).filter((p) => !isArchived(p)),
        editingId,
      ),
    [partners.data, editingId],
  );

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
        showArchived={showArchived}
        onShowArchivedChange={setShowArchived}
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
