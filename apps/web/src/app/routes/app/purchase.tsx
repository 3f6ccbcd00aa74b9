import { Stack, Text, Title } from '@mantine/core';
import { PurchaseForm } from '@/features/purchases/components/purchase-form';

export function PurchaseRoute() {
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Plot Purchase From Farmer
        </Title>
        <Text c="dimmed">Record what was paid for a project's land, several payments at once.</Text>
      </div>
      <PurchaseForm />
    </Stack>
  );
}
