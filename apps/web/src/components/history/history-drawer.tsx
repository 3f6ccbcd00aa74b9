import {
  ActionIcon,
  Button,
  type ButtonProps,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { AuditEntity } from '@plotbook/domain';
import { IconHistory } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { LoadMore } from '../data-table/load-more';
import { LoadError } from '../load-error';
import { auditDetails, auditSentence, formatIndiaDateTime, keepRupeesTogether } from './audit-words';
import { useRecordHistory } from './use-record-history';

export interface HistoryTarget {
  entity: AuditEntity;
  entityId: number;
  /** What the record is called in the drawer's title: `History of Plot 5`. */
  name: string;
}

/**
 * A record's trail, newest first, one sentence a row: when (India time), who, what changed and why. Full width on
 * a phone; Escape or the close button closes it and focus goes back to the button that opened it.
 */
export function HistoryDrawer({
  target,
  opened,
  onClose,
}: {
  target: HistoryTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const history = useRecordHistory(target.entity, target.entityId, opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'md'}
      title={<Text fw={700}>History of {keepRupeesTogether(target.name)}</Text>}
      closeButtonProps={{ 'aria-label': 'Close history' }}
      returnFocus={false}
    >
      {history.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading history...</Text>
          </Group>
        </Center>
      ) : history.isError ? (
        <LoadError title="Could not load the history" error={history.error} onRetry={() => history.refetch()} />
      ) : history.rows.length === 0 ? (
        <Text c="dimmed" role="status" py="md">
          No changes recorded yet
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`History of ${target.name}`}
        >
          {history.rows.map((entry) => (
            <Stack
              key={entry.id}
              component="li"
              gap={2}
              py="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text size="xs" c="dimmed">
                <time dateTime={entry.at}>{formatIndiaDateTime(entry.at)}</time>
              </Text>
              <Text size="sm">{keepRupeesTogether(auditSentence(entry))}</Text>
              {auditDetails(entry) ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {keepRupeesTogether(auditDetails(entry))}
                </Text>
              ) : null}
            </Stack>
          ))}
          <LoadMore paging={history.paging} loadedCount={history.rows.length} noun="changes" />
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * A "History" button that opens the record's drawer; `label` names the record for screen readers on a list row.
 * `iconOnly` draws just the clock icon (with a tooltip), for a table whose action column is narrow.
 */
export function HistoryButton({
  target,
  label,
  iconOnly = false,
  ...buttonProps
}: { target: HistoryTarget; label?: string; iconOnly?: boolean } & Omit<ButtonProps, 'children'>) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on (a list's rows do not each hold a query), then kept so it can close smoothly.
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open, so it cannot know what had the focus: the button takes it back itself.
  const closeAndRefocus = () => {
    close();
    buttonRef.current?.focus();
  };
  const ariaLabel = label ?? `History of ${target.name}`;
  const onClick = () => {
    setWasOpened(true);
    open();
  };
  return (
    <>
      {iconOnly ? (
        <Tooltip label="History" openDelay={400}>
          <ActionIcon ref={buttonRef} variant="subtle" color="gray" aria-label={ariaLabel} onClick={onClick}>
            <IconHistory size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          ref={buttonRef}
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconHistory size={16} aria-hidden />}
          aria-label={ariaLabel}
          onClick={onClick}
          style={{ flexShrink: 0 }}
          {...buttonProps}
        >
          History
        </Button>
      )}
      {wasOpened ? <HistoryDrawer target={target} opened={opened} onClose={closeAndRefocus} /> : null}
    </>
  );
}
