import type { Insertable, Kysely } from 'kysely';
import { type SqlBool, sql } from 'kysely';
import type { PlatformAuditTrailTable } from '../../db/platform-types.js';
import { platformDb } from '../../db/tenancy.js';
import type { Cursor } from '../../lib/paging.js';
import { matchesSearch } from '../../lib/paging.repository.js';

/**
 * The platform trail's one writer and reader (`platform.audit_trail`). Rows are only ever added: the chain's
 * trigger (db/sql/audit.ts, defined in the platform schema by its functions step) sets each row's id, time and
 * hashes, and refuses any UPDATE, DELETE or TRUNCATE. `db` may be a transaction, so a row joins the write it
 * records (a company's row and its trail row commit together).
 */
export async function insertPlatformAuditRows(
  db: Kysely<unknown>,
  rows: Insertable<PlatformAuditTrailTable>[],
): Promise<void> {
  if (rows.length > 0) await platformDb(db).insertInto('audit_trail').values(rows).execute();
}

/**
 * How many failed sign-ins the platform trail holds from `address` since `since`, counted up to `cap` (the sign-in's
 * cap, modules/auth/auth.service.ts). The platform trail is the super admins' (small), and the cap keeps each
 * address's failed rows few.
 */
export async function countPlatformFailedSignIns(
  db: Kysely<unknown>,
  address: string,
  since: Date,
  cap: number,
): Promise<number> {
  const rows = await platformDb(db)
    .selectFrom('audit_trail')
    .select('id')
    .where('action', '=', 'sign-in-failed')
    .where('client_address', '=', address)
    .where('at', '>=', since)
    .limit(cap)
    .execute();
  return rows.length;
}

export interface PlatformAuditFilter {
  action: string | null;
  /** Days, inclusive, in India Standard Time. */
  from: string | null;
  to: string | null;
  search: string | null;
}

/** The days of `from`..`to` are India's (the business's) days. */
const DAY_ZONE = 'Asia/Kolkata';

const SEARCHED = [
  't.user_name',
  't.entity',
  't.entity_id',
  't.action',
  't.reason',
  't.changes::text',
  't.client_address',
];

/** One page of the platform trail, newest first (id order is the chain's, and time's), and the whole list's count. */
export async function pagePlatformAuditRows(
  db: Kysely<unknown>,
  filter: PlatformAuditFilter,
  limit: number,
  after: Cursor | null,
) {
  let query = platformDb(db).selectFrom('audit_trail as t');
  if (filter.action !== null) query = query.where('t.action', '=', filter.action);
  if (filter.from !== null)
    query = query.where(sql<SqlBool>`t.at >= (${filter.from}::date)::timestamp at time zone ${DAY_ZONE}`);
  if (filter.to !== null) {
    query = query.where(sql<SqlBool>`t.at < (${filter.to}::date + 1)::timestamp at time zone ${DAY_ZONE}`);
  }
  const search = filter.search === null ? null : matchesSearch(SEARCHED, filter.search);
  const rows = await (search ? query.where(search) : query)
    .select([
      't.id',
      't.at',
      sql<string>`to_char(t.at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US"+00"')`.as('at_key'),
      't.user_id',
      't.user_name',
      't.client_address',
      't.request_id',
      't.entity',
      't.entity_id',
      't.action',
      't.changes',
      't.reason',
    ])
    .$if(after !== null, (q) => q.where('t.id', '<', after?.id ?? 0))
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
    .execute();
  // The whole trail's count is the chain head's last id (no gaps, nothing removed; see the company's pageAuditRows).
  const whole = search === null && filter.action === null && filter.from === null && filter.to === null;
  const totals = whole
    ? await platformDb(db)
        .selectFrom('audit_head')
        .select(['last_id as count', 'last_id as unfiltered_count'])
        // By its key: the head's one row has as many dead versions as rows were appended since the last vacuum.
        .where('id', '=', true)
        .executeTakeFirstOrThrow()
    : await query
        .select([
          search ? sql<number>`count(*) filter (where ${search})`.as('count') : sql<number>`count(*)`.as('count'),
          sql<number>`count(*)`.as('unfiltered_count'),
        ])
        .executeTakeFirstOrThrow();
  return { rows, totals: { count: Number(totals.count), unfiltered_count: Number(totals.unfiltered_count) } };
}
