import { Badge, Box, Button, Container, Grid, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './landing.module.css';
import { SampleDashboardCard } from './sample-dashboard-card';

/** `getStarted` is the variant's Get Started button. */
export function Hero({ getStarted, notice }: { getStarted: ReactNode; notice?: ReactNode }) {
  return (
    <Box component="section" className={classes.hero} py={{ base: 40, md: 88 }} aria-labelledby="hero-title">
      <Container size="lg">
        {notice}
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Badge variant="light" size="lg" radius="sm" mb="md">
              For land &amp; plotting businesses
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle} fz={{ base: 34, sm: 44, md: 48 }}>
              Every plot, payment and partner — <span className={classes.highlight}>in one place</span>
            </Title>
            <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} mt="lg" maw={540}>
              Plotbook is the back-office for companies that buy farmland, develop it into plots and sell them on full
              payment or EMI. Track costs, sales, receipts and partner shares without spreadsheets.
            </Text>
            <List
              mt="lg"
              spacing={6}
              size="sm"
              icon={
                <ThemeIcon size={20} radius="xl" aria-hidden>
                  <IconCheck size={13} stroke={3} />
                </ThemeIcon>
              }
            >
              <List.Item>EMI schedules and pending balances worked out for you</List.Item>
              <List.Item>Profit per project, plot and partner in real time</List.Item>
              <List.Item>Excel-ready reports for your accountant</List.Item>
            </List>
            <Group mt="xl" gap="sm">
              {getStarted}
              <Button component="a" href="#pricing" size="md" variant="default">
                View plans
              </Button>
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SampleDashboardCard />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
