import { Badge } from '@mantine/core';
import type { InstallmentState } from '@plotbook/domain';

/** How each state looks: paid green, part-paid yellow, due grey, overdue red (always with its word, not colour alone). */
const STATE_LOOK: Record<InstallmentState, { color: string; label: string }> = {
  paid: { color: 'green', label: 'Paid' },
  'part-paid': { color: 'yellow', label: 'Part-paid' },
  due: { color: 'gray', label: 'Due' },
  overdue: { color: 'red', label: 'Overdue' },
};

/** An installment's state (docs/design.md §7) as a badge with its word. */
export function InstallmentStateBadge({ state }: { state: InstallmentState }) {
  return (
    <Badge color={STATE_LOOK[state].color} variant="light">
      {STATE_LOOK[state].label}
    </Badge>
  );
}
