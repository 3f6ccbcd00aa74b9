import { Card, Group, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import { AGEING_BUCKET_LABELS } from '@plotbook/domain';
import { Money } from '@/components/money';
import type { OverdueTotals } from '../api/get-overdue';

const count = new Intl.NumberFormat('en-IN');
const BUCKET_COLORS = ['yellow', 'orange', 'red', 'grape'] as const;

/** The ageing buckets' counts and amounts, the overall total, and each project's buckets. */
export function AgeingSummary({ totals, interestEnabled }: { totals: OverdueTotals | null; interestEnabled: boolean }) {
  if (!totals) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-busy="true" aria-label="Loading the ageing">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={84} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Ageing">
        {totals.buckets.map((b, i) => (
          <Card
            key={b.bucket}
            padding="sm"
            withBorder
            style={{ borderTop: `4px solid var(--mantine-color-${BUCKET_COLORS[i]}-6)` }}
          >
            <Text size="xs" c="dimmed" fw={600}>
              {AGEING_BUCKET_LABELS[b.bucket]}
            </Text>
            <Text fw={700} fz="lg" data-testid={`bucket-${b.bucket}`}>
              <Money value={b.due} />
            </Text>
            <Text size="xs" c="dimmed">
              {count.format(b.count)} installment{b.count === 1 ? '' : 's'}
            </Text>
          </Card>
        ))}
        <Card padding="sm" withBorder bg="var(--mantine-color-gray-0)" style={{ gridColumn: 'span 1' }}>
          <Text size="xs" c="dimmed" fw={600}>
            Total overdue
          </Text>
          <Text fw={750} fz="lg" data-testid="overdue-total">
            <Money value={totals.due} />
          </Text>
          <Text size="xs" c="dimmed">
            {count.format(totals.count)} installment{totals.count === 1 ? '' : 's'}
            {interestEnabled ? (
              <>
                {' · interest '}
                <Money value={totals.interest} />
              </>
            ) : null}
          </Text>
        </Card>
      </SimpleGrid>
      {totals.projects.length > 1 ? (
        <Card padding="sm" withBorder>
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              By project
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={560}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Project</Table.Th>
                  {totals.buckets.map((b) => (
                    <Table.Th key={b.bucket} ta="right">
                      {AGEING_BUCKET_LABELS[b.bucket]}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {totals.projects.map((p) => (
                  <Table.Tr key={p.projectId}>
                    <Table.Td>{p.projectName}</Table.Td>
                    {p.buckets.map((b) => (
                      <Table.Td key={b.bucket} ta="right">
                        <Money value={b.due} />
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600}>
                      <Money value={p.due} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ) : null}
    </>
  );
}
