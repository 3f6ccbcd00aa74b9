import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { theme } from './theme';

export const queryClient = createQueryClient();

/**
 * What the public pages need around them: the theme and the query client. The build prerenders them inside it
 * (./prerender.tsx) and src/public.tsx hydrates them inside it, so the two render the same markup.
 */
export function PublicProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
