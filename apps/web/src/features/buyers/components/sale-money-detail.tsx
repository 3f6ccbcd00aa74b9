import {
  Alert,
  Anchor,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { type BuyerSaleDto, formatDate, formatRupees, type ReceiptDto, type SaleScheduleDto } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DocumentActions } from '@/components/document-actions';
import { InstallmentStateBadge } from '@/components/installment-state';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';

function useSaleMoney(sale: BuyerSaleDto) {
  const schedule = useQuery({
    queryKey: [...buyerKeys.all, 'sale', sale.saleId, 'schedule'],
    queryFn: () => api.get<SaleScheduleDto>(`/sale/${sale.saleId}/schedule`),
    enabled: sale.paymentType === 'EMI',
  });
  const receipts = useQuery({
    queryKey: [...buyerKeys.all, 'sale', sale.saleId, 'receipts'],
    queryFn: () => api.get<ReceiptDto[]>(`/payment/plot/${sale.plotId}`),
    // The plot's receipts of this sale only (a resold plot has another sale's too).
    select: (rows) => rows.filter((r) => r.saleId === sale.saleId),
  });
  return { schedule, receipts };
}

const particulars = (r: ReceiptDto) => [...new Set(r.lines.map((l) => l.particular))].join(', ');
const modes = (r: ReceiptDto) =>
  [...new Set(r.lines.map((l) => (l.modeDetail ? `${l.mode} ${l.modeDetail}` : l.mode)))].join(', ');

/** One sale's EMI schedule (installments with what is paid of each) and its receipts. */
export function SaleMoneyDetail({ sale }: { sale: BuyerSaleDto }) {
  const { schedule, receipts } = useSaleMoney(sale);
  return (
    <SimpleGrid cols={{ base: 1, lg: sale.paymentType === 'EMI' ? 2 : 1 }} spacing="lg">
      {sale.paymentType === 'EMI' ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            EMI schedule
          </Text>
          {schedule.isPending ? (
            <Loader size="sm" aria-label="Loading schedule" />
          ) : schedule.isError ? (
            <Alert color="red" variant="light">
              {schedule.error.message}
            </Alert>
          ) : (
            <ScrollArea.Autosize mah={320} type="auto">
              <Table striped fz="sm" miw={420}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Paid</Table.Th>
                    <Table.Th>State</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {schedule.data.installments.map((i) => (
                    <Table.Tr key={i.installmentNo}>
                      <Table.Td>{i.installmentNo}</Table.Td>
                      <Table.Td>{formatDate(i.dueDate)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(i.amount)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(i.paid)}</Table.Td>
                      <Table.Td>
                        <InstallmentStateBadge state={i.state} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Receipts
          </Text>
          {sale.status === 'Active' ? (
            // A cancelled sale takes no new receipt, and has no allotment letter.
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                Allotment letter
              </Text>
              <DocumentActions
                compact
                doc={{ kind: 'allotment-letter', id: sale.saleId }}
                label={`allotment letter of ${sale.plotName}`}
              />
              <Anchor component={Link} to={paths.app.payment.getHref()} size="sm">
                Record a receipt
              </Anchor>
            </Group>
          ) : null}
        </Group>
        {receipts.isPending ? (
          <Loader size="sm" aria-label="Loading receipts" />
        ) : receipts.isError ? (
          <Alert color="red" variant="light">
            {receipts.error.message}
          </Alert>
        ) : receipts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No receipts yet.
          </Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped fz="sm" miw={640}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt No.</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Particulars</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Documents</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {receipts.data.map((r) => (
                  <Table.Tr key={r.receiptId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.receiptNo ?? '-'}</Table.Td>
                    <Table.Td>{r.date ? formatDate(r.date) : '-'}</Table.Td>
                    <Table.Td>{particulars(r)}</Table.Td>
                    <Table.Td>{modes(r)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(r.total)}</Table.Td>
                    <Table.Td>{r.status}</Table.Td>
                    <Table.Td>
                      {r.receiptNo ? (
                        <DocumentActions
                          compact
                          mail={false}
                          doc={{ kind: 'receipt', id: r.receiptId }}
                          label={`receipt ${r.receiptNo}`}
                        />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </SimpleGrid>
  );
}
