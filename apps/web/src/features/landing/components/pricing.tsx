import { Badge, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './landing.module.css';
import { Section } from './section';

interface Plan {
  name: string;
  price: string;
  period?: string;
  summary: string;
  features: string[];
  isPopular?: boolean;
}

const PLANS: Plan[] = [
  {
    name: 'Basic',
    price: '₹2,999',
    period: '/month',
    summary: 'For a growing plotting business.',
    features: [
      'Up to 50 seats',
      'Basic dashboard and analytics',
      '2 task boards per user',
      'Email support',
      'Free document storage',
      'Apps marketplace access',
    ],
  },
  {
    name: 'Professional',
    price: '₹7,999',
    period: '/month',
    summary: 'For companies with several projects and partners.',
    isPopular: true,
    features: [
      'Up to 500 seats',
      'Advanced analytics and reports',
      'Unlimited task boards per user',
      'Priority phone support',
      '200GB document storage',
      'API access',
    ],
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    summary: 'For large developers with custom needs.',
    features: [
      'Unlimited seats',
      'Custom analytics and reports',
      'Unlimited task boards per user',
      'Priority phone support',
      'Unlimited document storage',
      'API access',
    ],
  },
];

export function Pricing() {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple plans that grow with you"
      subtitle="All plans include a 14-day free trial."
      background="gray.0"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLANS.map((plan) => (
          <Card
            key={plan.name}
            padding="xl"
            className={plan.isPopular ? classes.popular : undefined}
            aria-labelledby={`plan-${plan.name}`}
          >
            <Group justify="space-between">
              <Text id={`plan-${plan.name}`} component="h3" fw={700} fz="xl" m={0}>
                {plan.name}
              </Text>
              {plan.isPopular ? <Badge>Most popular</Badge> : null}
            </Group>
            <Text c="dimmed" size="sm" mt={4}>
              {plan.summary}
            </Text>
            <Group gap={4} align="baseline" mt="lg">
              <Text fw={800} fz={40} lh={1}>
                {plan.price}
              </Text>
              {plan.period ? <Text c="dimmed">{plan.period}</Text> : <Text c="dimmed">pricing</Text>}
            </Group>
            <List
              mt="lg"
              mb="xl"
              spacing={10}
              size="sm"
              style={{ flex: 1 }}
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={13} stroke={3} />
                </ThemeIcon>
              }
            >
              {plan.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            {/* The spec gives the trial buttons no action yet. */}
            <Button type="button" fullWidth size="md" variant={plan.isPopular ? 'filled' : 'light'}>
              Start free trial
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
