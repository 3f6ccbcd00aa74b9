import { Anchor } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';
import { paths } from '@/config/paths';
import { useOverdueSummary } from '../api/get-overdue';

const count = new Intl.NumberFormat('en-IN');

/** The dashboard's card: what is overdue today and how many installments, linking to Collections. */
export function OverdueCard() {
  const summary = useOverdueSummary();
  const totals = summary.data?.totals;
  return (
    <StatCard
      label="Overdue Installments"
      value={summary.isError ? '-' : totals ? <Money value={totals.due} /> : '…'}
      valueColor={totals && totals.due > 0 ? 'red.7' : undefined}
      icon={<IconAlarm />}
      color="red"
      hint={
        <Anchor component={Link} to={paths.app.collections.getHref()} size="xs">
          {summary.isError
            ? 'Could not load; open Collections'
            : totals
              ? `${count.format(totals.count)} installment${totals.count === 1 ? '' : 's'} overdue · open Collections`
              : 'Loading…'}
        </Anchor>
      }
    />
  );
}
