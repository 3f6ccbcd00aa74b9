// Part of `npm run build` (after `vite build`): renders the public pages to HTML, once for the platform host and
// once for a company's host, into dist/prerendered/<kind>/<page>.html. Each page is dist/index.html with
//  - the page's markup in #root (the app hydrates it; see src/main.tsx),
//  - the CSS rules that page uses inlined, and the full stylesheet loaded without blocking the first paint
//    (media="print" until the app switches it on), so the page is styled before any script has run,
//  - a marked place where the server writes the host's site info (apps/server/src/modules/site/public-pages.ts).
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { criticalCss } from './critical-css.js';

const web = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(web, 'dist');
const ssrOut = join(web, 'dist-ssr');

/** Where the server writes `<script type="application/json" id="plotbook-site">…</script>`. */
export const SITE_MARK = '<!--plotbook-site-->';

await build({
  configFile: join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, minify: false },
});
const { renderPage, PUBLIC_PAGES } = (await import(
  pathToFileURL(join(ssrOut, 'prerender.js')).href
)) as typeof import('../src/app/prerender');

// public.html is index.html with the public pages' own entry (src/public.tsx); it is only the template here.
const template = await readFile(join(dist, 'public.html'), 'utf8');
const stylesheets = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
if (stylesheets.length === 0) throw new Error('dist/public.html links no stylesheet');
// The entry's stylesheet first, then the lazy screens' own (CSS modules) in a fixed order.
const assetCss = (await readdir(join(dist, 'assets'))).filter((name) => name.endsWith('.css')).sort();
const entryCss = stylesheets.map((m) => (m[1] ?? '').replace(/^\//, ''));
const cssFiles = [...entryCss, ...assetCss.map((n) => `assets/${n}`).filter((n) => !entryCss.includes(n))];
const allCss = (await Promise.all(cssFiles.map((file) => readFile(join(dist, file), 'utf8')))).join('\n');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// The working area's entry and the chunks it preloads (dist/index.html): after signing in the visitor lands there
// with a full page load, so a public page names them for src/public.tsx to fetch ahead once a form is being filled.
const appHtml = await readFile(join(dist, 'index.html'), 'utf8');
const appScripts = [
  ...appHtml.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
  ...appHtml.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1] as string);
if (appScripts.length === 0) throw new Error('dist/index.html names no script');
const APP_ASSETS = `<script type="application/json" id="plotbook-app-assets">${JSON.stringify(appScripts)}</script>`;

for (const kind of ['platform', 'tenant'] as const) {
  await mkdir(join(dist, 'prerendered', kind), { recursive: true });
  for (const page of PUBLIC_PAGES) {
    const { html, title } = await renderPage(page.path, kind);
    let document = template
      .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    for (const [link] of stylesheets) {
      document = document.replace(
        link,
        link.replace('rel="stylesheet"', 'rel="stylesheet" media="print" data-full-css'),
      );
    }
    document = document.replace(
      '</head>',
      `<style>${criticalCss(allCss, html)}</style>\n    ${SITE_MARK}\n    ${APP_ASSETS}\n  </head>`,
    );
    await writeFile(join(dist, 'prerendered', kind, `${page.name}.html`), document);
  }
}
await rm(ssrOut, { recursive: true, force: true });
await Promise.all(['', '.br', '.gz'].map((suffix) => rm(join(dist, `public.html${suffix}`), { force: true })));
