import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';

export function Logo({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const iconSize = { sm: 26, md: 32, lg: 40 }[size];
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={iconSize} radius="md" variant="filled" aria-hidden>
        <IconMapPin size={iconSize * 0.6} stroke={2.2} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 26 : size === 'md' ? 20 : 17} c="dark.7" style={{ letterSpacing: -0.3 }}>
        Plotbook
      </Text>
    </Group>
  );
}
