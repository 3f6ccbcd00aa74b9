import { Badge, Box, Grid, Group, List, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './landing.module.css';
import { Section } from './section';

interface ShowcaseBlockProps {
  title: string;
  text: string;
  points: string[];
  visual: ReactNode;
  isReversed?: boolean;
}

function ShowcaseBlock({ title, text, points, visual, isReversed }: ShowcaseBlockProps) {
  return (
    <Grid gap={{ base: 32, md: 64 }} align="center">
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: isReversed ? 2 : 1 }}>
        <Title order={3} fz={{ base: 22, md: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" mt="sm" lh={1.7}>
          {text}
        </Text>
        <List
          mt="md"
          spacing={8}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
              <IconCheck size={13} stroke={3} />
            </ThemeIcon>
          }
        >
          {points.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: isReversed ? 1 : 2 }}>
        {visual}
      </Grid.Col>
    </Grid>
  );
}

const SAMPLE_SALES = [
  { plot: 'A-12', buyer: 'R. Patil', type: 'EMI', due: '₹ 18,500', status: 'Due', color: 'orange' },
  { plot: 'A-14', buyer: 'S. Kulkarni', type: 'Full', due: '₹ 0', status: 'Paid', color: 'green' },
  { plot: 'B-03', buyer: 'M. Shaikh', type: 'EMI', due: '₹ 22,000', status: 'Overdue', color: 'red' },
  { plot: 'B-07', buyer: 'P. Deshmukh', type: 'EMI', due: '₹ 15,250', status: 'Due', color: 'orange' },
];

function SalesLedgerVisual() {
  return (
    <Paper withBorder shadow="md" p="md" aria-hidden>
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Sai Nagar · EMI this month</Text>
        <Badge variant="light">4 plots</Badge>
      </Group>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={8} horizontalSpacing="xs" fz="sm" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plot</Table.Th>
              <Table.Th visibleFrom="sm">Buyer</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Due</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SAMPLE_SALES.map((s) => (
              <Table.Tr key={s.plot}>
                <Table.Td fw={600}>{s.plot}</Table.Td>
                <Table.Td visibleFrom="sm">{s.buyer}</Table.Td>
                <Table.Td>{s.type}</Table.Td>
                <Table.Td ta="right">{s.due}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={s.color}>
                    {s.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const SAMPLE_PROFIT = [
  { name: 'Green Meadows', cost: 62, profit: 38 },
  { name: 'Sai Nagar', cost: 70, profit: 30 },
  { name: 'Shivam Residency', cost: 55, profit: 45 },
];

function ProfitVisual() {
  return (
    <Paper withBorder shadow="md" p="md" aria-hidden>
      <Text fw={700} mb="md">
        Cost and profit by project
      </Text>
      <Stack gap="md">
        {SAMPLE_PROFIT.map((p) => (
          <div key={p.name}>
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                {p.name}
              </Text>
              <Text size="sm" c="brand.8" fw={700}>
                {p.profit}% margin
              </Text>
            </Group>
            <Group gap={2} wrap="nowrap" h={14}>
              <Box h="100%" w={`${p.cost}%`} bg="gray.3" style={{ borderRadius: '4px 0 0 4px' }} />
              <Box h="100%" w={`${p.profit}%`} className={classes.bar} style={{ borderRadius: '0 4px 4px 0' }} />
            </Group>
          </div>
        ))}
        <Group gap="md">
          <Group gap={6}>
            <Box w={10} h={10} bg="gray.3" style={{ borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              Land and development cost
            </Text>
          </Group>
          <Group gap={6}>
            <Box w={10} h={10} bg="brand.6" style={{ borderRadius: 2 }} />
            <Text size="xs" c="dimmed">
              Profit
            </Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

export function Showcase() {
  return (
    <Section
      id="showcase"
      eyebrow="Dashboards"
      title="See your business at a glance"
      subtitle="Clear screens for the questions you ask every day: who owes what, and what each project really earns."
      background="gray.0"
    >
      <Stack gap={72}>
        <ShowcaseBlock
          title="Every sale and every EMI, on one screen"
          text="Plotbook keeps the EMI schedule of each sale and applies each receipt to the oldest installment first, so you always know what is paid, due or overdue."
          points={[
            'Month-wise expected and received EMI',
            'Pending balance per plot',
            'Receipts by cash, cheque, UPI or bank transfer',
          ]}
          visual={<SalesLedgerVisual />}
        />
        <ShowcaseBlock
          title="Know what each project really earns"
          text="Land cost and development cost are spread over the plots by area, so profit and margin are right for every project, plot and partner."
          points={[
            'Project and plot profit profile',
            'Partner share, investment and amount due',
            'Reports you can export to Excel',
          ]}
          visual={<ProfitVisual />}
          isReversed
        />
      </Stack>
    </Section>
  );
}
