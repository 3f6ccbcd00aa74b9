import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { factories } from './factories.js';
import { buildTestApp, type Engine, runId, type TestContext } from './helpers.js';

/** 28/11/2026 11:30 in India: where the board suites' clock starts. */
export const START = Date.parse('2026-11-28T06:00:00Z');
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A signed-in person of a board suite: their token and id. */
export interface Person {
  token: string;
  id: number;
}

export interface BoardSuite {
  t: TestContext;
  acme: TenantRecord;
  /** Two salespeople (USER) named Asha and Ravi, and the company's admin. */
  asha: Person;
  ravi: Person;
  admin: Person;
  f: ReturnType<typeof factories>;
  other: TenantRecord;
  otherToken: string;
  /** The app's clock (ms), moved by the tests (`app.now`). */
  clock: { now: number };
  call(
    as: Person | string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The plot board's suites (modules/board/*.test.ts): a test app with a controllable clock (no sleeps), company acme
 * with two named salespeople and an admin, a second company to reach across from.
 */
export function setUpBoardSuite(engine: Engine, use: (suite: BoardSuite) => void) {
  let t: TestContext | undefined;
  const clock = { now: START };
  beforeAll(async () => {
    const app = await buildTestApp(engine, { clock: () => clock.now });
    t = app;
    const acme = await app.createTenant('acme');
    const person = async (name: string, role: 'USER' | 'TENANT_ADMIN'): Promise<Person> => {
      const emailId = `${name.toLowerCase()}-${runId()}@example.com`;
      const passwordHash = await hashPassword('user-password-1');
      const user = await app.asTenant(acme, (tdb) =>
        insertUser(tdb, {
          userName: name,
          emailId,
          mobileNumber: null,
          city: null,
          passwordHash,
          role,
          resetPasswordRequired: false,
        }),
      );
      const res =
        role === 'USER'
          ? await app.call(acme.tenantId, {
              method: 'POST',
              url: '/api/login',
              payload: { emailId, password: 'user-password-1' },
            })
          : await app.call(acme.tenantId, {
              method: 'POST',
              url: '/api/master/login',
              payload: { email: emailId, password: 'user-password-1' },
            });
      const body = res.json();
      return { token: (body.token ?? body.accessToken) as string, id: user?.id as number };
    };
    const asha = await person('Asha', 'USER');
    const ravi = await person('Ravi', 'USER');
    const admin = await person('Meera', 'TENANT_ADMIN');
    const other = await app.createTenant('other');
    const otherToken = await app.userToken(other);
    use({
      t: app,
      acme,
      asha,
      ravi,
      admin,
      f: factories(app, acme, asha.token),
      other,
      otherToken,
      clock,
      call: (as, method, url, payload, headers) =>
        app.call(typeof as === 'string' ? other.tenantId : acme.tenantId, {
          method,
          url,
          ...(as === null ? {} : { token: typeof as === 'string' ? as : as.token }),
          ...(headers ? { headers } : {}),
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
    });
  });
  afterAll(() => t?.close());
}
