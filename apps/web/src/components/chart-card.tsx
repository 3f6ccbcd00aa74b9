import { Card, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card for one chart, with its empty state when there is nothing to draw. */
export function ChartCard({
  title,
  description,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  description?: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" h="100%">
      <Stack gap={2} mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {isEmpty ? (
        <Center mih={200}>
          <Text c="dimmed" ta="center">
            {emptyText}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}
