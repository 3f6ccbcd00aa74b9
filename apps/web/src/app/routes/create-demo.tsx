import { Anchor, Box, Center, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { DemoRequestForm } from '@/features/demo-requests/components/demo-request-form';

/** The public Request a Demo page (no sign-in). */
export function CreateDemoRoute() {
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={760} px="md">
        <Center mb="lg">
          <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="Plotbook home">
            <Logo size="lg" />
          </Anchor>
        </Center>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Request a Demo
            </Title>
            <Text c="dimmed" size="sm">
              Tell us about your company. We will set up your own Plotbook and email you how to sign in.
            </Text>
          </Stack>
          <List
            size="sm"
            spacing={4}
            mb="lg"
            icon={
              <ThemeIcon size={18} radius="xl" variant="light" aria-hidden>
                <IconCheck size={12} />
              </ThemeIcon>
            }
          >
            <List.Item>Your own address, database and administrator account</List.Item>
            <List.Item>Projects, plots, partners, sales, EMI and reports in one place</List.Item>
          </List>
          <DemoRequestForm />
        </Paper>
        <Center mt="lg">
          <Anchor component={Link} to={paths.home.getHref()} size="sm" fw={500}>
            Back to Home
          </Anchor>
        </Center>
      </Container>
    </Box>
  );
}
