import { Badge, Box, Group, Paper, Progress, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconChecklist, IconEye, IconMapPin } from '@tabler/icons-react';
import classes from './landing.module.css';

const SAMPLE_STATS = [
  { label: 'Projects', value: '12', icon: IconBuildingCommunity, color: 'brand' },
  { label: 'Visitors', value: '1,247', icon: IconEye, color: 'blue' },
  { label: 'Tasks', value: '8', icon: IconChecklist, color: 'orange' },
];

const BARS = [
  { month: 'Jan', height: 38 },
  { month: 'Feb', height: 52 },
  { month: 'Mar', height: 45 },
  { month: 'Apr', height: 70 },
  { month: 'May', height: 62 },
  { month: 'Jun', height: 84 },
  { month: 'Jul', height: 76 },
];

/** An illustration of the product, with the sample figures the spec asks for. */
export function SampleDashboardCard() {
  return (
    <Paper
      withBorder
      shadow="xl"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label="Sample dashboard"
      role="figure"
      bg="white"
    >
      <Group justify="space-between" mb="md">
        <Text fw={700}>Overview</Text>
        <Badge variant="light">This month</Badge>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        {SAMPLE_STATS.map(({ label, value, icon: Icon, color }) => (
          <Paper key={label} bg="gray.0" p="sm" radius="md">
            <ThemeIcon size={28} radius="md" variant="light" color={color} aria-hidden>
              <Icon size={16} />
            </ThemeIcon>
            <Text fw={800} fz={{ base: 18, sm: 22 }} mt={6} lh={1.1}>
              {value}
            </Text>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Box mt="md">
        <Text size="xs" c="dimmed" mb={6}>
          Plot sales, last 7 months
        </Text>
        <Group align="flex-end" gap={6} h={90} wrap="nowrap" aria-hidden>
          {BARS.map((bar) => (
            <div
              key={bar.month}
              className={bar.month === 'Jun' ? classes.bar : classes.barMuted}
              style={{ height: `${bar.height}%` }}
            />
          ))}
        </Group>
      </Box>
      <Paper withBorder radius="md" p="sm" mt="md">
        <Group justify="space-between" wrap="nowrap" mb={8}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconMapPin size={16} color="var(--mantine-color-brand-7)" aria-hidden />
            <Text fw={600} size="sm" truncate>
              Green Meadows Phase II
            </Text>
          </Group>
          <Badge color="green" variant="light" size="sm">
            Active
          </Badge>
        </Group>
        <Progress value={68} size="sm" aria-label="Plots sold" />
        <Group justify="space-between" mt={6}>
          <Text size="xs" c="dimmed">
            41 of 60 plots sold
          </Text>
          <Text size="xs" fw={600}>
            68%
          </Text>
        </Group>
      </Paper>
    </Paper>
  );
}
