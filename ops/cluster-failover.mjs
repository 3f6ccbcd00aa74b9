// `npm run cluster:failover [-- --seconds 12 --kill-at 4 --server api-2]`: kill -9 one API server of the running
// local cluster while clients sign in and read through nginx, and count what they got. GETs are retried on another
// server by nginx (proxy_next_upstream); a sign-in (POST) is retried only when the dead server never received it.
// Afterwards `npm run cluster` starts the killed server again.
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { BALANCER, readState, SERVERS } from './cluster/layout.mjs';
import { isOurs } from './cluster/processes.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    'kill-at': { type: 'string', default: '4' },
    server: { type: 'string', default: 'api-2' },
    clients: { type: 'string', default: '10' },
  },
});
const port = BALANCER.port;
const agent = new Agent({ keepAlive: true, maxSockets: Number(opts.clients) });

function call(method, path, { token, body } = {}) {
  return new Promise((resolve) => {
    const headers = { host: `demo.localhost:${port}` };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: 15_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: error.code ?? 'error', body: '' }));
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const signIn = () => call('POST', '/api/login', { body: { emailId: 'demo@example.com', password: 'demo1234' } });

const victim = SERVERS.find((s) => s.key === opts.server);
const record = readState().processes[victim?.key];
if (!victim || !isOurs(record)) {
  console.error(`${opts.server} is not running: start the cluster first (npm run cluster).`);
  process.exit(1);
}
const first = await signIn();
if (first.status !== 200) throw new Error(`sign-in through nginx answered ${first.status}`);
const { token } = JSON.parse(first.body);

const counts = { before: new Map(), after: new Map() };
let killedAt = null;
const started = performance.now();
const deadline = started + Number(opts.seconds) * 1000;
setTimeout(() => {
  process.kill(record.pid, 'SIGKILL');
  killedAt = performance.now();
  console.log(`  kill -9 ${victim.key} (pid ${record.pid}, port ${victim.port}) at ${opts['kill-at']} s`);
}, Number(opts['kill-at']) * 1000);
/** When each failed answer after the kill came, in ms after it. */
const failures = [];
const client = async (n) => {
  for (let i = n; performance.now() < deadline; i++) {
    // One client signs in (a POST) on every fourth request: sign-ins of one account from one address sent together
    // are refused by design (429, lib/login-throttle.ts). The others read the dashboard and the projects.
    const kind = n === 0 && i % 4 === 0 ? 'POST /api/login' : i % 2 ? 'GET /api/dashboard' : 'GET /api/project';
    const answer = kind.startsWith('POST') ? await signIn() : await call('GET', kind.slice(4), { token });
    const phase = killedAt === null ? counts.before : counts.after;
    const key = `${kind} ${answer.status}`;
    phase.set(key, (phase.get(key) ?? 0) + 1);
    if (answer.status !== 200 && killedAt !== null)
      failures.push(`${kind} ${answer.status} at +${(performance.now() - killedAt).toFixed(0)} ms`);
  }
};
await Promise.all(Array.from({ length: Number(opts.clients) }, (_, n) => client(n)));
agent.destroy();

for (const [phase, map] of Object.entries(counts)) {
  console.log(`  ${phase === 'before' ? 'before the kill' : 'after the kill'}:`);
  for (const [key, count] of [...map].sort()) console.log(`    ${key.padEnd(28)} ${count}`);
}
const failed = [...counts.after].filter(([key]) => !key.endsWith(' 200')).reduce((sum, [, n]) => sum + n, 0);
const total = [...counts.after].reduce((sum, [, n]) => sum + n, 0);
console.log(`  ${failed} of ${total} requests after the kill did not answer 200${failed ? ':' : '.'}`);
for (const failure of failures) console.log(`    ${failure}`);
console.log('  `npm run cluster` starts the killed server again.');
