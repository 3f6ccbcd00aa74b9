import { Alert, Center, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, formatMobile, type SaleListRowDto } from '@plotbook/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { InstallmentStateBadge } from '@/components/installment-state';
import { Money } from '@/components/money';
import { useSaleSchedule } from '../api/get-sale-schedule';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>
        <Money value={value} />
      </Text>
    </div>
  );
}

/** One sale's schedule: each installment with what has been paid towards it (oldest first) and its state. */
export function SaleScheduleModal({ sale, onClose }: { sale: SaleListRowDto | null; onClose: () => void }) {
  const schedule = useSaleSchedule(sale?.saleId ?? null);
  const data = schedule.data;
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={sale !== null}
      onClose={onClose}
      title={sale ? `EMI schedule: ${sale.plotName}` : ''}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close schedule' }}
      centered
    >
      {sale ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {sale.buyerName
              ? `${sale.buyerName}${sale.buyerMobile ? ` · ${formatMobile(sale.buyerMobile)}` : ''} · `
              : ''}
            Sold {formatDate(sale.saleDate)}
            {sale.agreementDate ? ` · Agreement for sale ${formatDate(sale.agreementDate)}` : ''}
          </Text>
          {data && data.tdsDue > 0 ? (
            <Text size="sm">
              TDS (s.194-IA): <Money value={data.tdsReceived} /> of <Money value={data.tdsDue} /> received as Form 16B
              certificates.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Sale amount" value={sale.saleAmount} />
            <Figure label="EMI total" value={sale.emiTotal} />
            <Figure label="Received" value={data?.received ?? sale.received} />
            <Figure label="Pending" value={data?.pending ?? sale.pending} />
          </SimpleGrid>
          {schedule.isPending ? (
            <Center py="lg" aria-busy="true">
              <Group gap="sm">
                <Loader size="sm" />
                <Text>Loading schedule...</Text>
              </Group>
            </Center>
          ) : schedule.isError || !data ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              The schedule could not be loaded.
            </Alert>
          ) : data.installments.length === 0 ? (
            <Text c="dimmed" role="status">
              Full payment: this sale has no EMI schedule.
            </Text>
          ) : (
            <ScrollArea.Autosize mah="60vh" type="auto">
              <Table striped stickyHeader fz="sm" horizontalSpacing={isPhone ? 6 : 'sm'} data-testid="sale-schedule">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>No.</Table.Th>
                    <Table.Th>Due Date</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right" visibleFrom="xs">
                      Paid
                    </Table.Th>
                    <Table.Th>State</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.installments.map((i) => (
                    <Table.Tr key={i.installmentNo} data-state={i.state}>
                      <Table.Td>{i.installmentNo}</Table.Td>
                      <Table.Td>{formatDate(i.dueDate)}</Table.Td>
                      <Table.Td ta="right">
                        <Money value={i.amount} />
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="xs">
                        <Money value={i.paid} />
                      </Table.Td>
                      <Table.Td>
                        <InstallmentStateBadge state={i.state} />
                        {i.state === 'part-paid' || (i.state === 'overdue' && i.paid > 0) ? (
                          <Text size="xs" c="dimmed" hiddenFrom="xs">
                            <Money value={i.paid} /> paid
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {data && data.installments.length > 0 ? (
            <Text size="xs" c="dimmed">
              Installment receipts (Completed) of <Money value={data.installmentsReceived} /> pay the oldest installment
              first; states as of {formatDate(data.asOf)}.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
