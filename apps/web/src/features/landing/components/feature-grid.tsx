import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBolt,
  IconCalendarStats,
  IconChartLine,
  IconFileInvoice,
  IconReportMoney,
  IconUsersGroup,
} from '@tabler/icons-react';
import classes from './landing.module.css';
import { Section } from './section';

const FEATURES = [
  {
    title: 'Sales management',
    text: 'Record every plot sale on full payment or EMI, with the schedule, advance and visarpawati worked out.',
    icon: IconReportMoney,
  },
  {
    title: 'Profit tracking',
    text: 'Land and development cost spread over plots by area, so you see profit and margin per project and plot.',
    icon: IconChartLine,
  },
  {
    title: 'Project planning',
    text: 'Lay out projects and plots, reserve road, mandir and amenity areas, and know your saleable area.',
    icon: IconCalendarStats,
  },
  {
    title: 'Partner management',
    text: 'Keep each partner’s share per project, what they invested, what they received and what is still due.',
    icon: IconUsersGroup,
  },
  {
    title: 'Transaction records',
    text: 'Purchases from farmers, development costs and payment receipts with mode, date and who was credited.',
    icon: IconFileInvoice,
  },
  {
    title: 'Quick actions',
    text: 'Add a project, a partner, a purchase or a sale straight from your dashboard in a couple of clicks.',
    icon: IconBolt,
  },
];

export function FeatureGrid() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything a plotting business runs on"
      subtitle="From the first payment to the farmer to the last EMI from a buyer — one record everyone trusts."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <Card key={title} padding="xl" className={classes.featureCard}>
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <Icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Text component="h3" fw={700} fz="lg" mt="md" mb={6}>
              {title}
            </Text>
            <Text c="dimmed" size="sm" lh={1.6}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
