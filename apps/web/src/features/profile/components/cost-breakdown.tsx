import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatPercent, type ProjectProfileDto } from '@plotbook/domain';
import { Money } from '@/components/money';

const COLORS = ['orange', 'blue', 'grape', 'teal', 'pink', 'cyan', 'lime', 'indigo', 'yellow', 'red'];

/** Development Cost Details: land and each development particular with its share of the total cost as a bar. */
export function CostBreakdown({ profile }: { profile: ProjectProfileDto }) {
  const isEmpty = profile.totalCost === 0;
  return (
    <Card padding="lg" h="100%">
      <Stack gap={2} mb="md">
        <Title order={2} fz="lg">
          Development Cost Details
        </Title>
        <Text size="sm" c="dimmed">
          {profile.plotId === null
            ? 'Land and development costs of the project, with each one’s share of the total cost.'
            : `${profile.plotName}’s share: land and shared costs by area, its own charges in full.`}
        </Text>
      </Stack>
      {isEmpty ? (
        <Text c="dimmed" py="lg" ta="center">
          No costs recorded for this project yet.
        </Text>
      ) : (
        <Stack gap="md">
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cost breakdown">
            {profile.costBreakdown.map((item, index) => (
              <li key={item.label} data-testid="cost-line">
                <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                  <Text size="sm" fw={600} truncate>
                    {item.label}
                  </Text>
                  <Group gap="sm" wrap="nowrap">
                    <Text size="sm">
                      <Money value={item.value} />
                    </Text>
                    <Text size="sm" c="dimmed" w={64} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPercent(item.percentage)}
                    </Text>
                  </Group>
                </Group>
                <Progress
                  value={item.percentage}
                  color={COLORS[index % COLORS.length]}
                  size="md"
                  radius="xl"
                  aria-label={`${item.label}: ${formatPercent(item.percentage)} of the total cost`}
                />
              </li>
            ))}
          </Stack>
          <Group
            justify="space-between"
            gap="xs"
            pt="xs"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" fw={700}>
              Total Cost
            </Text>
            <Text size="sm" fw={700}>
              <Money value={profile.totalCost} />
            </Text>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
