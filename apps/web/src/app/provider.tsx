import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { queryClient } from './public-provider';
import { theme } from './theme';

export { queryClient };

const Overlays = lazyNamed(() => import('./overlays'), 'Overlays');
// Asked for at once, beside the entry, so it is there long before a screen opens a dialog (a notification shown
// before it is there waits in its store).
void Overlays.preload();

/** The whole app's providers: the public pages' (./public-provider.tsx) with notifications and modals. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
