import type { FastifyRequest } from 'fastify';
import type { TenantDb } from '../db/tenancy.js';

export interface StoredReply<T> {
  status: number;
  body: T;
}

/**
 * Money-writing POSTs accept an `Idempotency-Key` header: the same key again returns the first reply and stores
 * nothing new, so a double click never records twice. The key is claimed inside the caller's transaction: a
 * second request with the same key waits on the unique index until the first commits, then replays its reply.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  tdb: TenantDb,
  run: () => Promise<StoredReply<T>>,
): Promise<StoredReply<T>> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim().slice(0, 200) : '';
  if (!key) return run();
  const userId = request.user().userId;
  const scopedKey = `${userId}:${request.routeOptions.url}:${key}`;
  const claimed = await tdb
    .insertInto('idempotency_keys')
    .values({ key: scopedKey, user_id: userId, status_code: 0, response: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const previous = await tdb
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response'])
      .where('key', '=', scopedKey)
      .executeTakeFirstOrThrow();
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
