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

// Signing in ends in the working area, a full page load of the whole app: once the visitor starts filling in a
// form, its entry and preloaded chunks (named in the page by build/prerender.ts) are fetched into the HTTP cache,
// so the dashboard after sign-in does not wait for them. Not on load: a visitor who only reads the page pays nothing.
const appAssets = document.getElementById('plotbook-app-assets')?.textContent;
if (appAssets) {
  const prefetch = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('form')) return;
    document.removeEventListener('input', prefetch);
    for (const href of JSON.parse(appAssets) as string[]) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
  };
  document.addEventListener('input', prefetch);
}

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
