import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { keepRupeesTogether } from '@/components/history/audit-words';
import { ApiError } from '@/lib/api-client';

/**
 * Enter in a reason sends the form, as in a one-line field (a reason is a sentence; the keyboard user typed it and
 * pressed Enter, and nothing happened); Shift+Enter still starts a new line.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

export interface ReasonModalOptions {
  title: string;
  /** What will happen, above the reason field. */
  children?: ReactNode;
  /** The confirm button's word: `Void`, `Archive`, `Restore`, `Save`. */
  confirmLabel: string;
  color?: string;
  /** Label of the reason field (default `Reason`). */
  reasonLabel?: string;
  /** Sends the change with the reason; a failure is shown in the dialog, which stays open. */
  onConfirm: (reason: string) => Promise<unknown>;
}

function ReasonForm({ options, onDone }: { options: ReasonModalOptions; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** A refusal or a failure that is not about the reason (no connection, already voided): not the field's fault. */
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError('Please give a reason.');
      return;
    }
    setSaving(true);
    setError(null);
    setFailure(null);
    try {
      await options.onConfirm(text);
      onDone();
    } catch (e) {
      const fieldMessage = e instanceof ApiError ? e.fields?.reason : undefined;
      if (fieldMessage) setError(fieldMessage);
      else setFailure(e instanceof Error ? e.message : 'Could not save. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {typeof options.children === 'string' ? (
          <Text size="sm">{keepRupeesTogether(options.children)}</Text>
        ) : (
          options.children
        )}
        <Textarea
          label={options.reasonLabel ?? 'Reason'}
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onKeyDown={submitOnEnter}
          error={error}
        />
        {failure ? (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" color={options.color ?? 'red'} loading={isSaving}>
            {options.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A confirmation that needs a reason (a void, an archive, an edit of an older money row): the reason is required,
 * the change is sent from the dialog, and the server's refusal is shown in it.
 */
export function openReasonModal(options: ReasonModalOptions): void {
  const id = `reason-${Date.now()}`;
  modals.open({
    modalId: id,
    title: <Text fw={700}>{options.title}</Text>,
    children: <ReasonForm options={options} onDone={() => modals.close(id)} />,
  });
}

/** The server refused a change for want of a reason (400 with `fields.reason`: an older money row's edit). */
export function asksForReason(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && Boolean(error.fields?.reason);
}

/** Asks why an older row is changed, then sends the change again with the reason. */
export function openEditReasonModal(resend: (reason: string) => Promise<unknown>): void {
  openReasonModal({
    title: 'Why is this entry changed?',
    children: 'This entry was recorded before today. A change to it needs a reason, which is kept in its history.',
    confirmLabel: 'Save',
    color: 'blue',
    reasonLabel: 'Reason for the change',
    onConfirm: resend,
  });
}
