import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { formatMobile, type SaleScheduleDto } from '@plotbook/domain';
import { IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Who bought the plot whose receipts are shown: the buyer's name (their page) and mobile. */
export function SaleBuyerLine({ saleId }: { saleId: number | null }) {
  const sale = useQuery({
    // saleKeys.schedule (features/sales/api/keys.ts): the same answer the schedule shows, refreshed with it.
    queryKey: ['sales', 'schedule', saleId ?? 0],
    queryFn: () => api.get<SaleScheduleDto>(`/sale/${saleId}/schedule`),
    enabled: saleId !== null,
  });
  if (saleId === null) return null;
  if (sale.isPending) return <Skeleton height={20} width={240} />;
  if (sale.isError || !sale.data.buyerName) return null;
  const { buyerId, buyerName, buyerMobile } = sale.data;
  return (
    <Group gap={6}>
      <IconUser size={16} aria-hidden />
      <Text size="sm">
        Buyer:{' '}
        {buyerId !== null ? (
          <Anchor component={Link} to={paths.app.buyer.getHref(buyerId)} size="sm" fw={600}>
            {buyerName}
          </Anchor>
        ) : (
          <b>{buyerName}</b>
        )}
        {buyerMobile ? ` · ${formatMobile(buyerMobile)}` : ''}
      </Text>
    </Group>
  );
}
