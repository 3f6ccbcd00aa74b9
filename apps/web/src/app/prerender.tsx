// The build-time renderer of the public pages (`build/prerender.ts` runs it through Vite's SSR build): the same
// routes and providers as their browser entry (src/public.tsx), rendered to HTML once per page and kind of host, so those pages paint
// before any JavaScript has run and the app then hydrates what is already there.

import { PassThrough } from 'node:stream';
import type { SiteInfo } from '@plotbook/domain';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { paths } from '@/config/paths';
import { siteKeys } from '@/features/site/api/keys';
import { pageTitle } from '@/lib/page-title';
import { PublicApp } from './public-app';
import { PublicProvider, queryClient } from './public-provider';

/** The pages that get HTML at build time; every other path is the app's own (index.html). */
export const PUBLIC_PAGES = [
  { name: 'home', path: paths.home.path },
  { name: 'login', path: paths.login.path },
  { name: 'register', path: paths.register.path },
  { name: 'create-demo', path: paths.createDemo.path },
] as const;

/** Stands for the server's BASE_DOMAIN in the HTML; the server puts the real one in when it loads the pages. */
export const BASE_DOMAIN_MARK = '__PLOTBOOK_BASE_DOMAIN__';
/** Stands for the company's id; no page shows it today, but the server replaces it in case one does. */
export const TENANT_ID_MARK = '__PLOTBOOK_TENANT_ID__';

/** The body of `#root` and the tab title for `path` on a platform or company host. */
export async function renderPage(path: string, kind: SiteInfo['kind']): Promise<{ html: string; title: string }> {
  const site: SiteInfo = { kind, tenantId: kind === 'tenant' ? TENANT_ID_MARK : null, baseDomain: BASE_DOMAIN_MARK };
  queryClient.clear();
  queryClient.setQueryData(siteKeys.site, site);

  // prerender waits for the lazy screens (React.lazy) instead of writing their Suspense fallback.
  const { prelude } = await prerenderToNodeStream(
    <PublicProvider>
      <StaticRouter location={path}>
        <PublicApp />
      </StaticRouter>
    </PublicProvider>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return { html: Buffer.concat(chunks).toString('utf8'), title: pageTitle(path) };
}
