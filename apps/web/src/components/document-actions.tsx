import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { type DocumentRef, downloadDocument, mailDocument } from '@/lib/documents';

/**
 * Download and Mail buttons for one document: each shows its own progress, and tells how it went (the file name
 * is the server's; a buyer without an email is told so in plain words).
 */
export function DocumentActions({
  doc,
  label,
  compact = false,
  mail = true,
}: {
  doc: DocumentRef;
  /** What the document is, for the buttons' accessible names: "receipt RCT/26-27/00042". */
  label: string;
  compact?: boolean;
  mail?: boolean;
}) {
  const [busy, setBusy] = useState<'download' | 'mail' | null>(null);
  const size = compact ? 'compact-sm' : 'sm';
  const run = async (what: 'download' | 'mail') => {
    setBusy(what);
    try {
      if (what === 'download') await downloadDocument(doc);
      else {
        const sent = await mailDocument(doc);
        notifications.show({ color: 'green', message: sent.message, autoClose: 8000 });
      }
    } catch (error) {
      notifications.show({
        color: 'red',
        title: what === 'download' ? `Could not download the ${label}` : `Could not mail the ${label}`,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size={size}
        variant="light"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={busy === 'download'}
        onClick={() => run('download')}
        aria-label={`Download the ${label} (PDF)`}
      >
        PDF
      </Button>
      {mail ? (
        <Button
          size={size}
          variant="subtle"
          leftSection={<IconMail size={16} aria-hidden />}
          loading={busy === 'mail'}
          onClick={() => run('mail')}
          aria-label={`Mail the ${label} to the buyer`}
        >
          Mail
        </Button>
      ) : null}
    </Group>
  );
}
