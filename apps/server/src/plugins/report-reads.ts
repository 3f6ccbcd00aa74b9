import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { type ReportReads, SHOWN_LAG_MS } from '../db/report-reads.js';

/**
 * The cookie a company's write sets in the writer's browser for READ_YOUR_WRITES_MS: on whichever server behind
 * the load balancer its next report lands, that report is read from the primary. It only ever sends a read to the
 * primary, so a forged one costs the primary a read and nothing more. Per company: a cookie without Domain stays
 * on the company's host.
 */
export const WROTE_COOKIE = 'plotbook-wrote';

/** The headers of an answer read for a report (db/report-reads.ts). */
export const DATA_AS_OF_HEADER = 'x-data-as-of';
export const DATA_SOURCE_HEADER = 'x-data-source';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's report read went (`withTenant(fn, { replica: true })`), and how old its data is. */
    reportRead: { source: 'replica' | 'primary'; asOf: number | null } | null;
  }
}

const hasWroteCookie = (request: FastifyRequest) =>
  new RegExp(`(?:^|;)\\s*${WROTE_COOKIE}=`).test(request.headers.cookie ?? '');

/**
 * Runs a company's report read (`run`, given the replica or nothing for the primary) where db/report-reads.ts
 * says, and notes where for the answer's headers.
 */
export async function readReport<T>(
  request: FastifyRequest,
  reads: ReportReads,
  db: Kysely<unknown>,
  run: (replica?: Kysely<unknown>) => Promise<T>,
): Promise<T> {
  const read = await reads.replicaFor(db, request.tenant(), hasWroteCookie(request));
  if (!read) {
    request.reportRead = { source: 'primary', asOf: null };
    return run();
  }
  request.reportRead = { source: 'replica', asOf: read.asOf };
  return reads.withFallback(
    read,
    () => run(read.replica),
    () => {
      request.reportRead = { source: 'primary', asOf: null };
      return run();
    },
  );
}

/**
 * With replicas: every successful non-GET request of a company marks it as a writer (on this server, and by
 * cookie in the writer's browser), and a report's answer says where it was read (`X-Data-Source`) and, when its
 * replica lags SHOWN_LAG_MS or more, the time its data is as of (`X-Data-As-Of`, ISO), which report screens show.
 */
export const reportReadsPlugin = fp(
  async (app: FastifyInstance, options: { reads: ReportReads; secure: boolean }) => {
    const { reads, secure } = options;
    const seconds = Math.ceil(reads.settings.readYourWritesMs / 1000);
    const cookie = `${WROTE_COOKIE}=1; Max-Age=${seconds}; Path=/api; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    app.decorateRequest('reportRead', null);
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.site?.kind !== 'tenant') return payload;
      const writes = request.method !== 'GET' && request.method !== 'HEAD';
      if (writes && reply.statusCode < 400) {
        reads.noteWrite(request.site.tenant.tenantId);
        // Once per answer, even when this hook meets it twice (seen with a created record's 201).
        const set = String(reply.getHeader('set-cookie') ?? '');
        if (seconds > 0 && !set.includes(`${WROTE_COOKIE}=`)) reply.header('set-cookie', cookie);
      }
      const read = request.reportRead;
      if (read) {
        reply.header(DATA_SOURCE_HEADER, read.source);
        if (read.asOf !== null && Date.now() - read.asOf >= SHOWN_LAG_MS) {
          reply.header(DATA_AS_OF_HEADER, new Date(read.asOf).toISOString());
        }
      }
      return payload;
    });
  },
  { name: 'report-reads', dependencies: ['tenant'] },
);
