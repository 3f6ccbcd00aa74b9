import { ScrollArea, Table, Text } from '@mantine/core';
import { formatDate, type Installment, sumPaise, toRupees } from '@plotbook/domain';
import { Money } from '@/components/money';

/**
 * The EMI schedule the sale will store: one row a month, the last taking the rounding remainder, so the total
 * row equals the EMI total exactly.
 */
export function SchedulePreview({ schedule, hint }: { schedule: Installment[]; hint?: string }) {
  if (schedule.length === 0) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {hint ?? 'Enter the duration and the first EMI date to see the schedule.'}
      </Text>
    );
  }
  const sum = sumPaise(schedule.map((i) => i.amountPaise));
  return (
    <ScrollArea.Autosize mah={360} type="auto" aria-label="Schedule preview">
      <Table striped highlightOnHover stickyHeader data-testid="schedule-preview" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>No.</Table.Th>
            <Table.Th>Due Date</Table.Th>
            <Table.Th ta="right">Amount (₹)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.map((i) => (
            <Table.Tr key={i.installmentNo}>
              <Table.Td>{i.installmentNo}</Table.Td>
              <Table.Td>{formatDate(i.dueDate)}</Table.Td>
              <Table.Td ta="right">
                <Money value={toRupees(i.amountPaise)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={2}>Total ({schedule.length} installments)</Table.Td>
            <Table.Td ta="right" data-testid="schedule-total">
              <Money value={toRupees(sum)} />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea.Autosize>
  );
}
