import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TenantDb } from '../db/tenancy.js';
import { AppError, badRequest } from './app-error.js';

export interface StoredReply<T> {
  status: number;
  body: T;
}

export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request.';

/**
 * Money-writing POSTs accept an `Idempotency-Key` header: the same key again with the same body returns the
 * first reply and stores nothing new, so a double click never records twice; the same key with another body is
 * refused (422) rather than answered with the first reply. The key is claimed inside the caller's transaction:
 * a second request with the same key waits on the unique index until the first commits, then replays its reply.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  tdb: TenantDb,
  run: () => Promise<StoredReply<T>>,
): Promise<StoredReply<T>> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  // A longer key is refused, never cut: two keys that differ after the cut would replay each other.
  if (key.length > 200) throw badRequest('Idempotency-Key may have at most 200 characters.');
  if (!key) return run();
  const userId = request.user().userId;
  // The route with its parameters, not the raw address: a key reused on /payment/16/status is another request
  // than on /payment/15/status, never a replay of it, and /api/%70ayment is the same request as /api/payment.
  const path = `${request.routeOptions.url ?? ''}${JSON.stringify(request.params ?? {})}`;
  const scopedKey = `${userId}:${request.method}:${path}:${key}`;
  // The validated body: the same request written with other spacing or key order is the same request.
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body) ?? '')
    .digest('hex');
  const claimed = await tdb
    .insertInto('idempotency_keys')
    .values({ key: scopedKey, user_id: userId, status_code: 0, response: null, request_hash: requestHash })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const previous = await tdb
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response', 'request_hash'])
      .where('key', '=', scopedKey)
      .executeTakeFirstOrThrow();
    if (previous.request_hash !== null && previous.request_hash !== requestHash) {
      throw new AppError('UNPROCESSABLE', KEY_REUSED);
    }
    return { status: previous.status_code, body: previous.response as T };
  }
  const reply = await run();
  await tdb
    .updateTable('idempotency_keys')
    .set({ status_code: reply.status, response: JSON.stringify(reply.body) })
    .where('key', '=', scopedKey)
    .execute();
  return reply;
}

/** What `answerOnce` needs of a route's reply: a status it declared and a body of that status's schema. */
interface StatusReply<C extends number, T> {
  status(code: C): { send(body: T): unknown };
}

/**
 * A money-writing route's whole answer: `write` runs in the company's transaction at most once per
 * `Idempotency-Key`, and a repeat of the request is answered with the stored status and body. A replayed reply is
 * one this route stored, so its status is the `status` given here.
 */
export async function answerOnce<C extends number, T>(
  request: FastifyRequest,
  reply: StatusReply<C, T>,
  status: C,
  write: (tdb: TenantDb) => Promise<T>,
): Promise<void> {
  const result = await request.withTenant((tdb) =>
    idempotent(request, tdb, async () => ({ status, body: await write(tdb) })),
  );
  reply.status(result.status as C).send(result.body);
}
