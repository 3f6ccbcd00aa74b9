/**
 * The API's public routes (the server's route-inventory test holds the same list): anyone may call them, so
 * requests to them never carry the session token. Paths are relative to `/api`; `:name` matches one segment.
 */
export const PUBLIC_API_PATHS: readonly string[] = [
  '/health',
  '/site',
  '/login',
  '/master/login',
  '/resetPwd',
  '/forgot-password',
  '/admin/tenants/:tenantId/register',
  '/demo-requests',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PUBLIC_PATTERNS = PUBLIC_API_PATHS.map(
  (path) =>
    new RegExp(
      `^${path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
        .join('/')}$`,
    ),
);

/** Whether a request to this API path (without `/api`, query allowed) goes without the session token. */
export function isPublicApiPath(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? '';
  return PUBLIC_PATTERNS.some((pattern) => pattern.test(bare));
}

/**
 * An answer's body as the caller gets it: JSON as sent (an object stays an object, whatever its keys hold), any
 * other text as text, nothing as `undefined`.
 */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `attachment; filename="PlotReport_3.xlsx"` (or RFC 5987 `filename*=UTF-8''…`) → the file name. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}
