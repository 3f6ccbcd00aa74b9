import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/styles.css';
import type { SiteInfo } from '@plotbook/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/provider';
import { siteKeys } from './features/site/api/keys';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A public page came prerendered (build/prerender.ts): its critical CSS is inline and the full stylesheet waits
// as media="print"; the app needs all of it from now on.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-css]')) link.media = 'all';

// The server wrote which host this is into a prerendered page, so the page renders as it was prerendered
// without asking /api/site first.
const siteJson = document.getElementById('plotbook-site')?.textContent;
if (siteJson) {
  queryClient.setQueryData(siteKeys.site, JSON.parse(siteJson) as SiteInfo);
}

const app = (
  <StrictMode>
    <App />
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
