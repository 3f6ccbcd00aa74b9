import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { SiteInfo } from '@plotbook/domain';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Compressed pages kept per host, page and encoding; the oldest goes first past this many. */
const CACHE_SIZE = 500;

export interface PublicPageBody {
  body: Buffer;
  /** `br` or `gzip`; none when the client accepts neither. */
  encoding?: 'br' | 'gzip';
}

/** Paths of the pages the web build prerenders (apps/web/src/app/prerender.tsx) → their file names. */
const PAGE_FILES: Record<string, string> = {
  '/': 'home',
  '/login': 'login',
  '/register': 'register',
  '/create-demo': 'create-demo',
};
/** The marks the build leaves in the HTML (see apps/web/build/prerender.ts and src/app/prerender.tsx). */
const SITE_MARK = '<!--plotbook-site-->';
const BASE_DOMAIN_MARK = '__PLOTBOOK_BASE_DOMAIN__';
const TENANT_ID_MARK = '__PLOTBOOK_TENANT_ID__';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The public pages as the web build rendered them, one set for the platform host and one for a company's host,
 * read once at start. `html(site, path)` gives the page for this host with its site info written in, so the app
 * hydrates the same page without asking `/api/site`; null for any other path (the app's index.html serves it).
 */
export class PublicPages {
  readonly #pages = new Map<string, string>();
  readonly #compressed = new Map<string, Buffer>();

  constructor(webRoot: string, baseDomain: string) {
    for (const kind of ['platform', 'tenant'] as const) {
      for (const [path, name] of Object.entries(PAGE_FILES)) {
        const file = join(webRoot, 'prerendered', kind, `${name}.html`);
        if (!existsSync(file)) continue;
        this.#pages.set(
          `${kind} ${path}`,
          readFileSync(file, 'utf8').replaceAll(BASE_DOMAIN_MARK, escapeHtml(baseDomain)),
        );
      }
    }
  }

  html(site: SiteInfo, path: string): string | null {
    const page = this.#pages.get(`${site.kind} ${path}`);
    if (!page) return null;
    // `<` escaped, so no value can close the script element; the page reads it with JSON.parse.
    const json = JSON.stringify(site).replace(/</g, '\\u003c');
    const withSite = page.replace(SITE_MARK, `<script type="application/json" id="plotbook-site">${json}</script>`);
    return site.tenantId ? withSite.replaceAll(TENANT_ID_MARK, escapeHtml(site.tenantId)) : withSite;
  }

  /**
   * The page compressed for this client (brotli, else gzip, else as it is), kept for the next request to the
   * same host: a not-found handler is no route, so the compression plugin does not see it.
   */
  async body(site: SiteInfo, path: string, acceptEncoding: string | undefined): Promise<PublicPageBody | null> {
    const html = this.html(site, path);
    if (html === null) return null;
    const accepts = (acceptEncoding ?? '').toLowerCase();
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (!encoding) return { body: Buffer.from(html) };
    const key = `${encoding} ${site.kind} ${site.tenantId ?? ''} ${path}`;
    let body = this.#compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : await gz(html, { level: constants.Z_BEST_COMPRESSION });
      if (this.#compressed.size >= CACHE_SIZE) this.#compressed.delete(this.#compressed.keys().next().value as string);
      this.#compressed.set(key, body);
    }
    return { body, encoding };
  }
}
