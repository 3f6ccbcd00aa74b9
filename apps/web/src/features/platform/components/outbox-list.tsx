import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import type { OutboxMessage, PlatformSettings } from '@plotbook/domain';
import { formatDateTime } from '@/components/date-time-text';

function emptyText(transport: PlatformSettings['mailTransport'] | undefined): string {
  if (transport === 'smtp') {
    return 'The outbox is empty: mail goes out over SMTP, so no copy is kept here.';
  }
  return 'No mail has been sent yet.';
}

interface OutboxListProps {
  messages: OutboxMessage[] | undefined;
  isLoading: boolean;
  transport: PlatformSettings['mailTransport'] | undefined;
}

/** The mail kept by the platform when no SMTP server is configured: newest first, each opens to its body. */
export function OutboxList({ messages, isLoading, transport }: OutboxListProps) {
  if (isLoading) return <Text c="dimmed">Loading the outbox…</Text>;
  if (!messages?.length) return <Text c="dimmed">{emptyText(transport)}</Text>;
  return (
    <Accordion variant="separated" chevronPosition="left">
      {messages.map((message) => (
        <Accordion.Item key={message.id} value={String(message.id)}>
          <Accordion.Control>
            <Stack gap={2}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {message.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.createdAt)}
                </Text>
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  To {message.recipient}
                </Text>
                {message.delivered ? (
                  <Badge size="xs" color="green" variant="light">
                    Delivered
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          </Accordion.Control>
          <Accordion.Panel>
            <Text
              component="pre"
              size="sm"
              m={0}
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit' }}
            >
              {message.body}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
