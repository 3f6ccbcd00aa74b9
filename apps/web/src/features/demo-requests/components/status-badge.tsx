import { Badge } from '@mantine/core';
import type { DemoRequestStatus } from '@plotbook/domain';

/** PENDING warning (yellow), COMPLETED success (green), anything else danger (red). */
export function StatusBadge({ status }: { status: DemoRequestStatus }) {
  const color = status === 'PENDING' ? 'yellow' : status === 'COMPLETED' ? 'green' : 'red';
  return (
    <Badge
      color={color}
      variant={status === 'PENDING' ? 'filled' : 'light'}
      c={status === 'PENDING' ? 'dark.7' : undefined}
      // Never squeezed into "PEND…" by a narrow cell or card header.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
