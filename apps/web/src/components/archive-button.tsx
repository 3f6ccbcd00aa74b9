import { Button, type ButtonProps, Switch } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getRole } from '@/lib/session';
import { openReasonModal } from './reason-modal';

/** What can be archived (hidden from lists and selects, kept with its history) and restored. */
export type ArchiveKind = 'project' | 'plot' | 'partner';

/** A row that may be archived: when, and why (`?archived=include` lists). */
export interface Archivable {
  archivedAt?: string | null;
  archiveReason?: string | null;
}

export const isArchived = (row: Archivable): boolean => Boolean(row.archivedAt);

const WORDS: Record<ArchiveKind, string> = { project: 'project', plot: 'plot', partner: 'partner' };

/**
 * Archive (or, for an archived record, Restore) with a reason: `POST /api/{kind}/{id}/archive|restore`. An archived
 * record leaves the lists and selects but keeps its entries and history. Every list is refreshed afterwards.
 * Shown to tenant admins only.
 */
export function ArchiveButton({
  kind,
  id,
  name,
  archivedAt,
  onDone,
  ...buttonProps
}: {
  kind: ArchiveKind;
  id: number;
  name: string;
  archivedAt: string | null | undefined;
  onDone: (message: string) => void;
} & Omit<ButtonProps, 'children'>) {
  const queryClient = useQueryClient();
  const restoring = Boolean(archivedAt);
  // Archiving is the tenant admin's (the API answers 403 to a user).
  if (getRole() !== 'TENANT_ADMIN') return null;
  const verb = restoring ? 'Restore' : 'Archive';

  const open = () =>
    openReasonModal({
      title: `${verb} ${WORDS[kind]} ${name}?`,
      children: restoring
        ? `${name} comes back into the lists and selects.`
        : `${name} leaves the lists and selects; its entries and history are kept, and it can be restored.`,
      confirmLabel: verb,
      color: restoring ? 'blue' : 'orange',
      onConfirm: async (reason) => {
        const answer = await api.post<{ message?: string }>(`/${kind}/${id}/${restoring ? 'restore' : 'archive'}`, {
          reason,
        });
        await queryClient.invalidateQueries();
        onDone(answer?.message ?? `${name} ${restoring ? 'restored' : 'archived'}.`);
      },
    });

  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color={restoring ? 'blue' : 'orange'}
      leftSection={restoring ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
      aria-label={`${verb} ${name}`}
      onClick={open}
      {...buttonProps}
    >
      {verb}
    </Button>
  );
}

/** The "Show archived" switch above a list that can include archived records. */
export function ShowArchivedSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch label="Show archived" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} size="sm" />
  );
}
