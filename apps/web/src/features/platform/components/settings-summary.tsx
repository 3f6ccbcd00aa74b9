import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PlatformSettings } from '@plotbook/domain';
import type { ReactNode } from 'react';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** The platform's configuration as the server runs it (read-only; set through environment variables). */
export function SettingsSummary({ settings }: { settings: PlatformSettings }) {
  const isSmtp = settings.mailTransport === 'smtp';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      <Item label="Base domain">
        <Text fw={600} ff="monospace" data-testid="base-domain">
          {settings.baseDomain}
        </Text>
      </Item>
      <Item label="Mail transport">
        <Badge color={isSmtp ? 'green' : 'yellow'} variant="light" size="lg" tt="none" data-testid="mail-transport">
          {isSmtp ? 'SMTP server' : 'Outbox (no SMTP configured)'}
        </Badge>
      </Item>
      <Item label="Mail sent from">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {settings.mailFrom}
        </Text>
      </Item>
      <Item label="Tenants">
        <Text fw={600}>{settings.tenants}</Text>
      </Item>
    </SimpleGrid>
  );
}
