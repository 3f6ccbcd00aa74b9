import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import {
  comparable,
  lastTrailId,
  type Method,
  NOT_COMPANY_WRITES,
  type Scenario,
  type TrailContext,
  trailSince,
} from './audit-scenarios.js';
import { ARCHIVE_SCENARIOS } from './audit-scenarios-archive.js';
import { BOARD_SCENARIOS } from './audit-scenarios-board.js';
import { BUYER_SCENARIOS } from './audit-scenarios-buyers.js';
import { CANCEL_SCENARIOS } from './audit-scenarios-cancel.js';
import { COLLECTION_SCENARIOS } from './audit-scenarios-collections.js';
import { CORRECTION_SCENARIOS } from './audit-scenarios-corrections.js';
import { DATA_SCENARIOS } from './audit-scenarios-data.js';
import { DOCUMENT_SCENARIOS } from './audit-scenarios-documents.js';
import { MONEY_SCENARIOS } from './audit-scenarios-money.js';
import { PEOPLE_SCENARIOS } from './audit-scenarios-people.js';
import { PLAN_SCENARIOS } from './audit-scenarios-plans.js';
import { TALLY_SCENARIOS } from './audit-scenarios-tally.js';
import { TAX_SCENARIOS } from './audit-scenarios-tax.js';
import { TRANSFER_SCENARIOS } from './audit-scenarios-transfer.js';
import { VOID_SCENARIOS } from './audit-scenarios-voids.js';
import { factories } from './factories.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

/**
 * Every write of a company's data leaves its trail rows: one per record written, naming the record (the id the API
 * gives it), the user and the changed fields. The routes come from the app's OpenAPI document, so a write route
 * added without a scenario (audit-scenarios-*.ts) or a reason to have none fails here.
 */

const TABLES = [
  DATA_SCENARIOS,
  MONEY_SCENARIOS,
  PEOPLE_SCENARIOS,
  ARCHIVE_SCENARIOS,
  VOID_SCENARIOS,
  CORRECTION_SCENARIOS,
  BUYER_SCENARIOS,
  TAX_SCENARIOS,
  TRANSFER_SCENARIOS,
  CANCEL_SCENARIOS,
  BOARD_SCENARIOS,
  TALLY_SCENARIOS,
  PLAN_SCENARIOS,
  COLLECTION_SCENARIOS,
  DOCUMENT_SCENARIOS,
];
const SCENARIOS = Object.assign({}, ...TABLES) as typeof DATA_SCENARIOS;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'];

/** The scenarios as test cases: `METHOD /path` and the scenario's name when the route has several. */
const cases = Object.entries(SCENARIOS).flatMap(([route, entry]) =>
  (Array.isArray(entry) ? entry : [entry]).map((scenario) => ({
    label: scenario.name ? `${route}: ${scenario.name}` : route,
    scenario,
  })),
);

/** The user id a token was signed for. */
const subjectOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub);

describe.each(engines)('the audit trail of every company write route on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let c: TrailContext;
  /** Where the current scenario's write began (the trail's newest row id then); undefined until it writes. */
  let since: number | undefined;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    const token = await t.userToken(acme, 'USER');
    const adminToken = await t.userToken(acme, 'TENANT_ADMIN');
    const call: TrailContext['call'] = (method, url, payload, as, headers) =>
      t.call(acme.tenantId, {
        method,
        url,
        ...(as === null ? {} : { token: as ?? token }),
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(headers ? { headers } : {}),
      });
    c = {
      t,
      acme,
      f: factories(t, acme, token),
      user: { token, id: subjectOf(token) },
      admin: { token: adminToken, id: subjectOf(adminToken) },
      call,
      async write(method: Method, url, payload, as, headers) {
        if (since !== undefined) throw new Error('A scenario writes once: build its data with c.call or c.f.');
        since = await lastTrailId(t, acme);
        return call(method, url, payload, as, headers);
      },
      userIdOf: (email) =>
        t.asTenant(acme, async (tdb) => {
          const user = await tdb.selectFrom('users').select('id').where('email_id', '=', email).executeTakeFirst();
          if (!user) throw new Error(`No user ${email}`);
          return user.id;
        }),
    };
  });
  afterAll(() => t.close());

  it('has a scenario for every write route of the OpenAPI document, or a reason for it to write no trail', async () => {
    const doc = (await t.call(null, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => WRITE_METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(writes.length).toBeGreaterThan(30);
    const covered = new Set([...Object.keys(SCENARIOS), ...Object.keys(NOT_COMPANY_WRITES)]);
    expect(writes.filter((route) => !covered.has(route))).toEqual([]);
    // And no entry outlives its route.
    expect([...covered].filter((route) => !writes.includes(route))).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((route) => route in NOT_COMPANY_WRITES)).toEqual([]);
    // A route is in one table only (a second entry would hide the first): its scenarios go in one array.
    expect(TABLES.flatMap((table) => Object.keys(table)).length).toBe(Object.keys(SCENARIOS).length);
  });

  /** Runs a scenario and checks its rows: exactly those expected, each found by the History drawer's query. */
  async function check(scenario: Scenario) {
    since = undefined;
    const written = await scenario.run(c);
    if (since === undefined) throw new Error('The scenario never called c.write.');
    const { res, rows, status } = written;
    if (status === undefined) expect(res.statusCode, res.body).toBeLessThan(300);
    else expect(res.statusCode, res.body).toBe(status);
    // A write done after its answer (a mailed temporary password) is waited for, a little.
    let found = await trailSince(t, acme, since);
    for (let tries = 0; found.length < rows.length && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      found = await trailSince(t, acme, since);
    }
    expect(comparable(found)).toEqual(comparable(rows));
    for (const expected of rows.filter((r) => r.values)) {
      const stored = found.find(
        (r) => r.entity === expected.entity && r.entityId === expected.entityId && r.action === expected.action,
      );
      expect(stored?.changes).toMatchObject(expected.values as object);
    }
    for (const expected of rows.filter((r) => r.entityId !== null)) {
      const history = await c.call(
        'GET',
        `/api/audit?entity=${expected.entity}&entityId=${expected.entityId}`,
        undefined,
        c.admin.token,
      );
      expect(history.statusCode).toBe(200);
      const actions = (history.json() as { action: string; entityId: number }[]).map((r) => [r.entityId, r.action]);
      expect(actions).toContainEqual([expected.entityId, expected.action]);
    }
  }

  for (const { label, scenario } of cases) {
    if (scenario.pending) {
      // Expected to fail until the work named writes the row: then this fails, and `pending` goes.
      it.fails(`${label} (pending: ${scenario.pending})`, () => check(scenario));
    } else {
      it(label, () => check(scenario));
    }
  }
});
