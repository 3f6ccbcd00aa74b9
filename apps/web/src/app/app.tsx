import { RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { AppProvider, queryClient } from './provider';
import { createRouter } from './router';

const router = createRouter();

// On a 401 the api-client clears the session; the app goes to Login without a full reload.
setSessionExpiredHandler(() => {
  router.navigate(paths.login.getHref(), { replace: true }).then(() => queryClient.clear());
});

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
