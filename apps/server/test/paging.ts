import type { LightMyRequestResponse } from 'fastify';

/** The address in `Link: <…>; rel="next"`, or null on the last page. */
export function nextLink(res: LightMyRequestResponse): string | null {
  const link = res.headers.link;
  if (typeof link !== 'string') return null;
  return /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
}
