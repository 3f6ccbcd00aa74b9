import { Avatar, Card, Group, Paper, Rating, SimpleGrid, Text } from '@mantine/core';
import { Section } from './section';

const CLAIMS = [
  { value: '500+', label: 'Satisfied customers' },
  { value: '4.9/5', label: 'Average rating' },
  { value: '24/7', label: 'Support' },
];

const TESTIMONIALS = [
  {
    quote:
      'We run four projects with three partners. Before Plotbook every partner meeting started with an argument about the numbers. Now everyone sees the same profit and the same dues.',
    name: 'Rajesh Patil',
    role: 'Managing Partner',
    company: 'Shree Sai Developers, Nashik',
  },
  {
    quote:
      'Our EMI collections used to live in three notebooks. Plotbook tells us every morning which buyers are due and which are overdue — collections went up within two months.',
    name: 'Anita Kulkarni',
    role: 'Accounts Head',
    company: 'Gokul Land Projects, Pune',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

export function Testimonials() {
  return (
    <Section
      id="testimonials"
      eyebrow="Customers"
      title="Trusted by plotting businesses"
      subtitle="Builders, land developers and their partners use Plotbook every day."
    >
      <SimpleGrid cols={3} spacing={{ base: 8, sm: 'md' }} mb={48}>
        {CLAIMS.map((claim) => (
          <Paper key={claim.label} withBorder p={{ base: 'sm', sm: 'lg' }} ta="center">
            <Text fw={800} fz={{ base: 24, sm: 36 }} c="brand.8" lh={1.1}>
              {claim.value}
            </Text>
            <Text c="dimmed" fw={500} mt={4} fz={{ base: 'xs', sm: 'md' }}>
              {claim.label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {TESTIMONIALS.map((t) => (
          <Card key={t.company} padding="xl" component="figure" m={0}>
            <Rating value={5} readOnly role="img" aria-label="5 out of 5 stars" />
            <Text component="blockquote" m={0} mt="md" fz="md" lh={1.7}>
              “{t.quote}”
            </Text>
            <Group component="figcaption" mt="lg" gap="sm" wrap="nowrap">
              <Avatar color="brand" radius="xl">
                {initials(t.name)}
              </Avatar>
              <div>
                <Text fw={700}>{t.name}</Text>
                <Text size="sm" c="dimmed">
                  {t.role}, {t.company}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
