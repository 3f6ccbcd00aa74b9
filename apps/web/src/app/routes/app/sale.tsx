import { Stack, Text, Title } from '@mantine/core';
import { SaleForm } from '@/features/sales/components/sale-form';

export function SaleRoute() {
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Plot Sale Summary
        </Title>
        <Text c="dimmed">Sell a plot for full payment or on EMI; the schedule is saved with the sale.</Text>
      </div>
      <SaleForm />
    </Stack>
  );
}
