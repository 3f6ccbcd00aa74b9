import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HistoryButton } from '@/components/history';
import { paths } from '@/config/paths';
import { useBuyer } from '@/features/buyers/api/buyers';
import { BuyerDetailsCard } from '@/features/buyers/components/buyer-details-card';
import { BuyerFormModal } from '@/features/buyers/components/buyer-form-modal';
import { BuyerMoneyCards } from '@/features/buyers/components/buyer-money-cards';
import { BuyerSales } from '@/features/buyers/components/buyer-sales';
import { BuyerStatement } from '@/features/buyers/components/buyer-statement';
import { BuyerTransfers } from '@/features/sales/components/buyer-transfers';

/** A buyer's page: who they are, their plots and sales, each sale's schedule and receipts, and what they owe. */
export function BuyerRoute() {
  const buyerId = Number(useParams().buyerId);
  const buyer = useBuyer(buyerId);
  const [editing, setEditing] = useState(false);
  const back = (
    <Anchor component={Link} to={paths.app.buyers.getHref()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden /> Buyers
      </Group>
    </Anchor>
  );
  if (buyer.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Loading buyer...</Text>
        </Group>
      </Center>
    );
  }
  if (buyer.isError) {
    return (
      <Stack gap="md" maw={1400} mx="auto">
        {back}
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {buyer.error.message}
        </Alert>
      </Stack>
    );
  }
  const b = buyer.data;
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {b.name}
          </Title>
          {b.relativeName ? <Text c="dimmed">S/o, W/o or D/o {b.relativeName}</Text> : null}
        </div>
        <Group gap="sm">
          <HistoryButton target={{ entity: 'buyer', entityId: b.buyerId, name: b.name }} />
          <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        </Group>
      </Group>
      <BuyerMoneyCards buyer={b} />
      <BuyerDetailsCard buyer={b} />
      <BuyerSales buyer={b} />
      <BuyerStatement buyer={b} />
      <BuyerTransfers transfers={b.transfers} buyerId={b.buyerId} />
      <BuyerFormModal opened={editing} buyer={b} onClose={() => setEditing(false)} />
    </Stack>
  );
}
