import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface LinkCardProps {
  title: string;
  description: ReactNode;
  href: string;
  icon: ReactNode;
}

/** A card that is one big link, for the dashboards of the administration areas. */
export function LinkCard({ title, description, href, icon }: LinkCardProps) {
  return (
    <Card component={Link} to={href} padding="lg" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={46} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text component="h2" fw={700} fz="lg" m={0}>
            {title}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        <IconChevronRight size={20} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
    </Card>
  );
}
