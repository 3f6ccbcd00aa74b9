/** What both benches need: a statement on the server's admin connection and a plain HTTP call. */
import { type Agent, request as httpRequest } from 'node:http';
import pg from 'pg';

/** Runs one statement (create/drop database or role) on its own connection to `baseUrl`. */
export async function admin(baseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * One request and its whole body. Node's fetch will not send a custom Host header, and the host names the
 * company: hence node:http.
 */
export function call(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string; agent?: Agent },
): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const { method = 'GET', headers, agent } = options;
    const req = httpRequest(url, { method, headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
