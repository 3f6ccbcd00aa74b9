/** What the benches share: a statement on the admin connection, a plain HTTP call, a server started as a child. */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
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
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolvePromise, reject) => {
    const { method = 'GET', headers, agent } = options;
    const req = httpRequest(url, { method, headers, ...(agent ? { agent } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolvePromise({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** From spawning the process until /api/health answered 200. */
  readyMs: number;
  /** What the process has printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns `node <args>` on a free port (`env(port)`) and waits, polling every `pollMs`, until /api/health answers. */
export async function startUntilHealthy(
  args: string[],
  options: { cwd?: string; env: (port: number) => Record<string, string>; pollMs: number },
): Promise<StartedServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...options.env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (c: Buffer) => {
    output += c.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exit = new Promise<void>((resolvePromise) => child.on('exit', () => resolvePromise()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exit;
  };
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The server stopped before it was ready:\n${output}`);
      const ok = await call(`http://127.0.0.1:${port}/api/health`, { headers: {} }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, options.pollMs));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, port, readyMs: performance.now() - started, output: () => output, stop };
}

/** Signs in through POST /api/login on the company's `host`; the headers of a signed-in request to that company. */
export async function signIn(
  base: string,
  host: string,
  emailId: string,
  password: string,
): Promise<{ host: string; authorization: string }> {
  const login = await call(`${base}/api/login`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({ emailId, password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed (${login.status}): ${login.body}`);
  const { token } = JSON.parse(login.body) as { token: string };
  return { host, authorization: `Bearer ${token}` };
}
