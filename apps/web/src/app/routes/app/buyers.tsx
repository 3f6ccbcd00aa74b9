import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useBuyers } from '@/features/buyers/api/buyers';
import { BuyerFormModal } from '@/features/buyers/components/buyer-form-modal';
import { BuyersTable } from '@/features/buyers/components/buyers-table';

/** Buyers: everyone the company has sold to, searched by name or mobile. */
export function BuyersRoute() {
  const buyers = useBuyers();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Buyers
          </Title>
          <Text c="dimmed">
            Everyone the company has sold a plot to: their plots, payments and what they still owe.
          </Text>
        </div>
        <Button variant="light" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          New Buyer
        </Button>
      </Group>
      {buyers.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading buyers...</Text>
          </Group>
        </Center>
      ) : buyers.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          Failed to fetch buyers: {buyers.error?.message}
        </Alert>
      ) : buyers.isEmpty ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center" role="status">
            No buyers yet. A buyer is added when a plot is sold, or with New Buyer.
          </Text>
        </Card>
      ) : (
        <BuyersTable rows={buyers.rows} paging={buyers.paging} />
      )}
      <BuyerFormModal
        opened={adding}
        buyer={null}
        onClose={() => setAdding(false)}
        onSaved={(saved) => navigate(paths.app.buyer.getHref(saved.buyerId))}
      />
    </Stack>
  );
}
