import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type Engine, type TestContext } from './helpers.js';

/** A platform trail row as the table holds it. */
export interface TrailRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  client_address: string | null;
  request_id: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  changes: Record<string, unknown[]>;
  reason: string | null;
}

/**
 * The platform-trail suites' set-up (modules/platform-audit/*.test.ts): a test app on `engine` whose accounts lock
 * after 3 failures from as many addresses, the super admin's token, and the trail's rows written since a mark.
 */
export function platformAuditSuite(engine: Engine, use: (values: { t: TestContext; admin: string }) => void) {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { throttle: { accountCeiling: 3 } });
    admin = await t.superAdminToken();
  });
  afterAll(() => t.close());
  beforeAll(() => use({ t, admin }));

  /** The id of the trail's last row: rows after it are the ones a step wrote. */
  const mark = async () =>
    Number(
      (await sql<{ n: number }>`select coalesce(max(id), 0) as n from platform.audit_trail`.execute(t.db)).rows[0]?.n,
    );
  /** The rows written after `since`, oldest first. */
  const since = async (last: number) =>
    (
      await sql<TrailRow>`select id, user_id, user_name, client_address, request_id, entity, entity_id, action, changes,
        reason from platform.audit_trail where id > ${last} order by id`.execute(t.db)
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));
  /** Runs `step` and answers its response and the trail rows it left. */
  const rowsOf = async <T>(step: () => Promise<T>) => {
    const before = await mark();
    const result = await step();
    return { result, rows: await since(before) };
  };
  return { mark, since, rowsOf };
}
