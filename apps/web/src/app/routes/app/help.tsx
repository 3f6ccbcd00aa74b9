import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { HelpContacts } from '@/features/settings/components/help-contacts';
import { HelpTopics } from '@/features/settings/components/help-topics';

/** Help and Support: how to do each daily task, and who to contact. */
export function HelpRoute() {
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Help and Support
        </Title>
        <Text c="dimmed">How to do each daily task, and who to ask when you are stuck.</Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" component="section" aria-label="How to">
            <Title order={2} fz="lg">
              How to…
            </Title>
            <HelpTopics />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg" component="section" aria-label="Contact">
            <Title order={2} fz="lg" mb="md">
              Contact
            </Title>
            <HelpContacts />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
