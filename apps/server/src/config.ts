import { z } from 'zod';
import { CLUSTER_NAME, MAIN_CLUSTER } from './db/clusters.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as localhost or plotbook.example.com')
    .default('localhost'),
  /**
   * Where people reach the platform, e.g. `https://plotbook.example.com` (default `http://<BASE_DOMAIN>:<PORT>`).
   * Links in mails are built from it and the company's id, never from request headers.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address such as http://localhost:8080' })
    .refine((v) => {
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
    }, 'must be just scheme, host and port, such as https://plotbook.example.com (no path, query or user)')
    .transform((v) => new URL(v).origin)
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /**
   * PostgreSQL clusters beside DATABASE_URL's (which is the cluster `main`) that companies may be placed on:
   * `b=postgres://…,c=postgres://…` (a comma inside a URL is written %2C). See db/clusters.ts.
   */
  CLUSTERS: namedUrls(clusterIssue),
  /**
   * Streaming replicas that report and export reads may use, one per cluster: `main=postgres://…,b=postgres://…`
   * (each name `main` or one of CLUSTERS). Off when absent. See db/report-reads.ts.
   */
  REPLICAS: namedUrls(replicaIssue),
  /** The most a replica may lag (ms) and still answer a report; beyond it the primary answers. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** After a company's write, its reports are read from the primary this long (ms): read-your-writes. */
  READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** PostgreSQL: opening a connection or waiting for a free one (ms). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Longest statement (ms); raise it for a start whose migrations need longer. See db/engine.ts. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** PostgreSQL: run queries as prepared statements (off behind a pooler that cannot keep them). See db/engine.ts. */
  DB_PREPARED_STATEMENTS: booleanFlag.default(true),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Plotbook <no-reply@plotbook.local>'),
  SUPER_ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .default('admin@localhost'),
  SUPER_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  /**
   * Behind a load balancer: which X-Forwarded-For entries to believe. `true` trusts one hop (the address our own
   * load balancer appended, the rightmost), a number that many hops, or a comma-separated list of proxy
   * addresses/CIDRs. Never "every entry": the leftmost is whatever the client wrote, and rate limits would count
   * per invented address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): false | number | string => {
      if (['false', '0', 'no', ''].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^[1-9]\d?$/.test(value)) return Number(value);
      if (/^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(value)) return value;
      ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count or a list of proxy addresses' });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Also check every answer's values with zod (the test servers set it; see lib/serializer.ts). */
  CHECK_RESPONSES: z.enum(['true', 'false']).default('false'),
});

/** What is wrong with one `name=url` of CLUSTERS, if anything. */
/**
 * A list of `name=url` pairs separated by commas (CLUSTERS, REPLICAS), each checked by `issueOf` against those before
 * it; every bad entry is its own message naming the entry.
 */
function namedUrls(issueOf: (name: string, url: string, before: { name: string }[]) => string | undefined) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      const entries: { name: string; url: string }[] = [];
      for (const entry of value.split(',').map((e) => e.trim())) {
        const at = entry.indexOf('=');
        const name = at > 0 ? entry.slice(0, at).trim() : '';
        const url = at > 0 ? entry.slice(at + 1).trim() : '';
        const issue = issueOf(name, url, entries);
        if (issue) ctx.addIssue({ code: 'custom', message: `"${entry}": ${issue}` });
        else entries.push({ name, url });
      }
      return entries;
    })
    .optional();
}

function clusterIssue(name: string, url: string, before: { name: string }[]): string | undefined {
  if (!name || !url) return 'each cluster is name=postgres://…, separated by commas';
  if (name === MAIN_CLUSTER) return 'main is the cluster of DATABASE_URL; give the others other names';
  if (!CLUSTER_NAME.test(name)) return 'a cluster name is lowercase letters, digits, - and _, starting with a letter';
  if (before.some((c) => c.name === name)) return `the cluster ${name} is named twice`;
  if (!/^postgres(ql)?:$/.test(URL.parse(url)?.protocol ?? '')) return 'the address must be a postgres:// URL';
  return undefined;
}

/** What is wrong with one `name=url` of REPLICAS, if anything (its cluster is checked against CLUSTERS below). */
function replicaIssue(name: string, url: string, before: { name: string }[]): string | undefined {
  if (!name || !url) return 'each replica is cluster=postgres://…, separated by commas';
  if (before.some((c) => c.name === name)) return `the cluster ${name} has two replicas; give it one`;
  if (!/^postgres(ql)?:$/.test(URL.parse(url)?.protocol ?? '')) return 'the address must be a postgres:// URL';
  return undefined;
}

/** The REPLICAS entries whose cluster is neither main nor one of CLUSTERS. */
const unknownReplicaClusters = (c: { REPLICAS?: { name: string }[]; CLUSTERS?: { name: string }[] }) =>
  (c.REPLICAS ?? [])
    .map((r) => r.name)
    .filter((name) => name !== MAIN_CLUSTER && !(c.CLUSTERS ?? []).some((cluster) => cluster.name === name));

/** PUBLIC_URL must name BASE_DOMAIN; without it, links point at this server on BASE_DOMAIN. */
const checkedConfigSchema = configSchema
  .refine((c) => !c.CLUSTERS?.length || c.DATABASE_URL, {
    path: ['CLUSTERS'],
    message: 'needs DATABASE_URL: the embedded database is a single cluster (main)',
  })
  .refine((c) => !c.REPLICAS?.length || c.DATABASE_URL, {
    path: ['REPLICAS'],
    message: 'needs DATABASE_URL: the embedded database has no replica',
  })
  .superRefine((c, ctx) => {
    const unknown = unknownReplicaClusters(c);
    if (unknown.length === 0) return;
    const known = [MAIN_CLUSTER, ...(c.CLUSTERS ?? []).map((cluster) => cluster.name)].join(', ');
    ctx.addIssue({
      code: 'custom',
      path: ['REPLICAS'],
      message: `names cluster ${unknown.join(', ')}, which is not a cluster (the clusters are: ${known})`,
    });
  })
  .refine((c) => c.READ_YOUR_WRITES_MS >= c.REPLICA_MAX_LAG_MS, {
    path: ['READ_YOUR_WRITES_MS'],
    message:
      'must be at least REPLICA_MAX_LAG_MS: a replica within the bound has then replayed every write older than this',
  })
  .refine((c) => !c.PUBLIC_URL || new URL(c.PUBLIC_URL).hostname === c.BASE_DOMAIN, {
    path: ['PUBLIC_URL'],
    message: 'must be on BASE_DOMAIN (companies are served at <company>.<BASE_DOMAIN>)',
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://${c.BASE_DOMAIN}${c.PORT === 80 ? '' : `:${c.PORT}`}`,
  }));

export type Config = z.infer<typeof checkedConfigSchema>;

/** Reads the environment once and lists every bad variable, so a misconfigured start fails at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = checkedConfigSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
