import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

export function ClosingCta({ getStarted }: { getStarted: ReactNode }) {
  return (
    <Box component="section" className={classes.cta} py={{ base: 56, md: 80 }} aria-labelledby="cta-title">
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title id="cta-title" order={2} fz={{ base: 28, md: 38 }} c="white">
            Ready to put your plots in order?
          </Title>
          <Text fz={{ base: 'md', md: 'lg' }} c="brand.0" maw={560}>
            Start with your next project today. Your partners, your accountant and your buyers will all see the same
            numbers.
          </Text>
          {getStarted}
        </Stack>
      </Container>
    </Box>
  );
}
