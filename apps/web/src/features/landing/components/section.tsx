import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  background?: string;
  children: ReactNode;
}

/** One band of the landing page with its heading. */
export function Section({ id, eyebrow, title, subtitle, background, children }: SectionProps) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} py={{ base: 56, md: 88 }} bg={background}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb={{ base: 32, md: 48 }} maw={680} mx="auto">
          <Text c="brand.8" fw={700} tt="uppercase" size="sm" style={{ letterSpacing: 1 }}>
            {eyebrow}
          </Text>
          <Title id={`${id}-title`} order={2} fz={{ base: 28, md: 36 }} style={{ letterSpacing: '-0.01em' }}>
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" fz={{ base: 'md', md: 'lg' }}>
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
