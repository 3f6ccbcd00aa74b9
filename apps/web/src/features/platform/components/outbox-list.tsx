import { Accordion, Alert, Badge, Code, Group, Stack, Text } from '@mantine/core';
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

/** Why the mail is here and not in people's mailboxes, and how to change that. */
function NoSmtpNotice() {
  return (
    <Alert color="yellow" variant="light" title="Mail is not being sent">
      <Stack gap={6}>
        <Text size="sm">
          No SMTP server is configured, so mail is kept here instead. Passwords and sign-in links are hidden (••••••••):
          only the person they were written for may read them.
        </Text>
        <Text size="sm">
          To send mail, set <Code>SMTP_URL</Code> in the server's environment (for example{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>smtp://user:pass@mail.example.com:587</Code>) and restart the
          server. Mail sent from then on reaches its recipients.
        </Text>
      </Stack>
    </Alert>
  );
}

/** The mail kept by the platform when no SMTP server is configured: newest first, each opens to its body. */
export function OutboxList({ messages, isLoading, transport }: OutboxListProps) {
  return (
    <Stack gap="md">
      {transport === 'outbox' ? <NoSmtpNotice /> : null}
      {isLoading ? (
        <Text c="dimmed">Loading the outbox…</Text>
      ) : messages?.length ? (
        <MessageList messages={messages} />
      ) : (
        <Text c="dimmed">{emptyText(transport)}</Text>
      )}
    </Stack>
  );
}

function MessageList({ messages }: { messages: OutboxMessage[] }) {
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
