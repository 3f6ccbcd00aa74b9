import { Stack, Text, Title } from '@mantine/core';
import { PaymentForm } from '@/features/receipts/components/payment-form';

export function PaymentRoute() {
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Payment Receipt
        </Title>
        <Text c="dimmed">Record money received for a sold plot, and clear or bounce cheques.</Text>
      </div>
      <PaymentForm />
    </Stack>
  );
}
