import { Card, List, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatRupees, type SaleTransferRowDto } from '@plotbook/domain';
import { IconArrowsExchange } from '@tabler/icons-react';

/** What one hand-over reads as on the page of `buyerId`: transferred to the next buyer, or from the one before. */
export function transferLine(t: SaleTransferRowDto, buyerId: number): string {
  const plot = `Plot ${t.plotName} (${t.projectName})`;
  const fee = t.transferFee > 0 ? `, transfer fee ${formatRupees(t.transferFee)}` : '';
  return t.fromBuyerId === buyerId
    ? `${plot}: Transferred to ${t.toBuyerName} on ${formatDate(t.date)}${fee}`
    : `${plot}: Transferred from ${t.fromBuyerName ?? 'a buyer without a record'} on ${formatDate(t.date)}${fee}`;
}

/** The transfers section of a buyer's page (GET /api/buyer/{id} `transfers`); nothing when there are none. */
export function BuyerTransfers({ transfers, buyerId }: { transfers: SaleTransferRowDto[]; buyerId: number }) {
  if (transfers.length === 0) return null;
  return (
    <Card padding="md">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Transfers
        </Title>
        <List spacing={6} icon={<IconArrowsExchange size={16} aria-hidden />} center>
          {transfers.map((t) => (
            <List.Item key={t.transferId}>
              <Text size="sm">{transferLine(t, buyerId)}</Text>
              <Text size="xs" c="dimmed">
                Reason: {t.reason}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
