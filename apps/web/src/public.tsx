import '@mantine/core/styles.css';
import './app/styles.css';
import type { SiteInfo } from '@plotbook/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import { PublicProvider, queryClient } from './app/public-provider';
import { PublicRouter } from './app/public-router';
import { siteKeys } from './features/site/api/keys';

// The entry of the prerendered public pages (public.html; build/prerender.ts): it hydrates the landing page,
// Request a Demo and the sign-in screens (./app/public-app.tsx), and holds none of the working area's code. Any
// other address (the dashboard after signing in, an admin area) is a full page load of the whole app (index.html,
// src/main.tsx).
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from public.html');

// The page's critical CSS is inline and the full stylesheet waits as media="print"; the forms need all of it once
// they are live (their messages, the loading button).
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-css]')) link.media = 'all';

// The server wrote which host this is into the page, so it renders as it was prerendered without asking /api/site.
const siteJson = document.getElementById('plotbook-site')?.textContent;
if (siteJson) queryClient.setQueryData(siteKeys.site, JSON.parse(siteJson) as SiteInfo);

const app = (
  <StrictMode>
    <PublicProvider>
      <PublicRouter>
        <PublicApp />
      </PublicRouter>
    </PublicProvider>
  </StrictMode>
);
if (root.hasChildNodes()) {
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
