import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { FitFigure } from './fit-figure';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  /** A line under the figure, e.g. what it counts. */
  hint?: ReactNode;
  /** Colour of the figure itself (e.g. red for a loss). */
  valueColor?: string;
}

/** One figure with its label and icon: the dashboard's and Project Profile's cards. */
export function StatCard({ label, value, icon, color, hint, valueColor }: StatCardProps) {
  return (
    <Card padding="lg">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={600} lh={1.3}>
          {label}
        </Text>
      </Group>
      <FitFigure maxSize={26} fw={750} lh={1.2} c={valueColor} data-testid="stat-figure">
        {value}
      </FitFigure>
      {hint && (
        <Text size="xs" c="dimmed" mt={6}>
          {hint}
        </Text>
      )}
    </Card>
  );
}
