import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { PaymentSummaryDto } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { FitFigure } from '@/components/fit-figure';
import { Money } from '@/components/money';
import classes from './payment-summary-cards.module.css';

function DetailCard({
  label,
  children,
  note,
  color,
  className,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  color?: string;
  className?: string;
}) {
  return (
    <Card padding="md" withBorder aria-label={label} component="section" className={className}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <FitFigure
        maxSize={20}
        minSize={13}
        fw={700}
        c={color}
        data-testid={`card-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {children}
      </FitFigure>
      {note ? (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

/** The chosen plot's sale and where its money stands; received counts Completed receipts only. */
export function PaymentSummaryCards({
  summary,
  isPending,
  error,
}: {
  summary: PaymentSummaryDto | undefined;
  isPending: boolean;
  error: Error | null;
}) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        Could not load the plot's payment details: {error.message}
      </Alert>
    );
  }
  if (isPending || !summary) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={78} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const isPaid = summary.isSold && summary.pendingBalance <= 0;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <DetailCard
        label="Sale Amount"
        note={
          summary.tdsDue > 0 || summary.transferFee > 0 ? (
            <>
              {summary.transferFee > 0 ? (
                <>
                  + <Money value={summary.transferFee} /> transfer fee{summary.tdsDue > 0 ? '; ' : ''}
                </>
              ) : null}
              {summary.tdsDue > 0 ? (
                <>
                  TDS (194-IA) <Money value={summary.tdsReceived} /> of <Money value={summary.tdsDue} /> received
                </>
              ) : null}
            </>
          ) : undefined
        }
      >
        <Money value={summary.saleAmount} />
      </DetailCard>
      <DetailCard label="Payment Type">
        {summary.paymentType === 'EMI' ? 'EMI' : summary.paymentType === 'Cash' ? 'Full Payment' : '-'}
      </DetailCard>
      <DetailCard label="Monthly Amount" note={summary.paymentType === 'EMI' ? 'per installment' : 'no EMI'}>
        <Money value={summary.monthlyAmount} />
      </DetailCard>
      <DetailCard
        label="Received"
        color="green.8"
        note={
          summary.awaitingClearance > 0 ? (
            <>
              <Money value={summary.awaitingClearance} /> awaiting clearance
            </>
          ) : (
            'completed receipts'
          )
        }
      >
        <Money value={summary.received} />
      </DetailCard>
      <DetailCard
        label="Pending Balance"
        className={classes.wide}
        color={isPaid ? 'green.8' : 'red.8'}
        note={isPaid ? 'Fully paid' : undefined}
      >
        <Money value={Math.max(0, summary.pendingBalance)} />
      </DetailCard>
    </SimpleGrid>
  );
}
