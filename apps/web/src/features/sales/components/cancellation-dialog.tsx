import { Badge, Button, Divider, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CancellationDto, formatDate, formatRupees, todayIso } from '@plotbook/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DateField } from '@/components/date-field';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { LoadError } from '@/components/load-error';
import { ApiError } from '@/lib/api-client';
import { useClearRefund, useSaleCancellation } from '../api/sale-cancellation';
import type { SaleDialogProps } from './sale-actions';

/**
 * A cancelled sale's cancellation (issue 20): when and why, what it had received, the refund (mode, detail, status)
 * and who paid it back, and what was kept. A refund cheque still Pending is marked cleared here, with its date.
 */
export function CancellationDialog({ sale, opened, onClose }: SaleDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const cancellation = useSaleCancellation(sale.saleId);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Cancellation of the sale of plot ${sale.plotName}`}
      size="lg"
      fullScreen={isPhone}
    >
      {cancellation.isPending ? (
        <Group gap="sm" py="md" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading the cancellation…</Text>
        </Group>
      ) : cancellation.isError ? (
        <LoadError
          title="Could not load the cancellation"
          error={cancellation.error}
          onRetry={() => cancellation.refetch()}
          isRetrying={cancellation.isFetching}
        />
      ) : (
        <Stack gap="md">
          <CancellationFacts c={cancellation.data} />
          {cancellation.data.refundStatus === 'Pending' ? (
            <ClearRefundForm saleId={sale.saleId} cancelDate={cancellation.data.cancelDate} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} component="div">
        {children}
      </Text>
    </div>
  );
}

function CancellationFacts({ c }: { c: CancellationDto }) {
  const paidBy = c.paidBy ?? [];
  return (
    <Stack gap="sm" data-testid="cancellation-facts">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Fact label="Cancelled on">{formatDate(c.cancelDate)}</Fact>
        <Fact label="Received before cancelling" testId="cancellation-received">
          {formatRupees(c.received)}
        </Fact>
        <Fact label="Refund" testId="cancellation-refund">
          {c.refund > 0
            ? [formatRupees(c.refund), c.refundMode, c.modeDetail].filter(Boolean).join(' · ')
            : 'No refund'}
        </Fact>
        <Fact label="Refund status" testId="cancellation-refund-status">
          {c.refund > 0 ? (
            <Group gap="xs">
              <Badge color={c.refundStatus === 'Pending' ? 'yellow' : 'green'} variant="light">
                {c.refundStatus === 'Pending' ? 'Pending' : 'Paid'}
              </Badge>
              {c.refundPaidDate ? <Text size="sm">on {formatDate(c.refundPaidDate)}</Text> : null}
            </Group>
          ) : (
            '-'
          )}
        </Fact>
        <Fact label="Retained (cancellation charge)" testId="cancellation-retained">
          {formatRupees(c.retained)}
        </Fact>
        <Fact label="Refund paid back by" testId="cancellation-paid-by">
          {paidBy.length === 0
            ? '-'
            : paidBy.map((p) => (
                <div key={p.partnerId}>
                  {p.partnerName}: {formatRupees(p.amount)}
                </div>
              ))}
        </Fact>
      </SimpleGrid>
      <Fact label="Reason" testId="cancellation-reason">
        {c.reason}
      </Fact>
    </Stack>
  );
}

/** "Refund cheque cleared" with the day it was paid; one request at a time, the server's refusal shown. */
function ClearRefundForm({ saleId, cancelDate }: { saleId: number; cancelDate: string }) {
  const clear = useClearRefund(saleId);
  const [date, setDate] = useState(todayIso() < cancelDate ? cancelDate : todayIso());
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FormStatusMessage | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (clear.isPending) return;
    setFailure(null);
    if (!date) {
      setError('Enter the date the refund was paid');
      return;
    }
    if (date < cancelDate) {
      setError(`Not before the cancellation date ${formatDate(cancelDate)}`);
      return;
    }
    setError(undefined);
    clear.mutate(date, {
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.date) setError(e.fields.date);
        setFailure(failureMessage('Error clearing the refund cheque', e));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Divider mb="md" />
      <Stack gap="sm">
        <FormStatus message={failure} />
        <Text size="sm">When the refund cheque has been paid, record the day it was paid.</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField
            label="Date the cheque was paid"
            required
            value={date}
            onChange={(value) => {
              setDate(value);
              setError(undefined);
            }}
            error={error}
            disabled={clear.isPending}
            data-autofocus
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" loading={clear.isPending}>
            Refund cheque cleared
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
