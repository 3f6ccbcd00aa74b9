import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The controls above a report's table; left off the printed page (the filters are written out there instead). */
export function ReportFilters({ children }: { children: ReactNode }) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md" data-print="hide">
      {children}
    </Group>
  );
}
