import { Anchor, Text } from '@mantine/core';
import type { SaleListRowDto } from '@plotbook/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The sale's buyer on the sales listing: their name, opening the buyer's page when the sale names a buyer. */
export function BuyerName({ sale }: { sale: Pick<SaleListRowDto, 'buyerId' | 'buyerName'> }) {
  if (sale.buyerId === null) return <Text size="sm">{sale.buyerName ?? '-'}</Text>;
  return (
    <Anchor component={Link} to={paths.app.buyer.getHref(sale.buyerId)} size="sm" display="block">
      {sale.buyerName ?? 'Buyer'}
    </Anchor>
  );
}
