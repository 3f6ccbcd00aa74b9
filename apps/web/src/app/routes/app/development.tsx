import { Stack, Text, Title } from '@mantine/core';
import { DevelopmentForm } from '@/features/development/components/development-form';

export function DevelopmentRoute() {
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Plot Development
        </Title>
        <Text c="dimmed">Record development costs: roads, electricity, marking and labour.</Text>
      </div>
      <DevelopmentForm />
    </Stack>
  );
}
