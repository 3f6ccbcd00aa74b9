import type { RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedDatabaseCallError } from '../src/db/engine.js';
import { afterCommit, platformDb, runAsTenant, type TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

const NESTED = 'Nested database call inside a transaction: use the transaction you were given';

describe('a nested database call on the embedded database', () => {
  let t: TestContext;
  let tenant: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp({ name: 'pglite' });
    tenant = await t.createTenant('nested');
  });
  afterAll(() => t.close());

  // Without the guard the inner call waits for the connection its own caller holds: it would give up only after
  // the 5 s statement wait with "The database is busy.", past this test's 2 s limit.
  it('throws a clear error at once for a runAsTenant inside runAsTenant, instead of hanging', async () => {
    const started = Date.now();
    const attempt = runAsTenant(t.db, tenant, () =>
      runAsTenant(t.db, tenant, (inner) => inner.selectFrom('users').select('id').execute()),
    );
    await expect(attempt).rejects.toBeInstanceOf(NestedDatabaseCallError);
    await expect(attempt).rejects.toThrow(NESTED);
    expect(Date.now() - started).toBeLessThan(1000);
  }, 2000);

  it('throws the same error for a platform query on the root handle inside a tenant transaction', async () => {
    const attempt = runAsTenant(t.db, tenant, () =>
      platformDb(t.db).selectFrom('tenants').select('tenant_id').execute(),
    );
    await expect(attempt).rejects.toThrow(NESTED);
  }, 2000);

  it('leaves the database usable afterwards: the failed transaction rolled back and let go of the connection', async () => {
    await expect(
      runAsTenant(t.db, tenant, async (tdb) => {
        await tdb.insertInto('partners').values({ partner_name: 'Rolled Back', city: 'Pune' }).execute();
        await runAsTenant(t.db, tenant, async () => undefined);
      }),
    ).rejects.toThrow(NESTED);
    const names = await runAsTenant(t.db, tenant, (tdb) => tdb.selectFrom('partners').select('partner_name').execute());
    expect(names).toEqual([]);
  }, 2000);
});

describe.each(engines)('after-commit tasks on $name', (engine) => {
  let t: TestContext;
  let tenant: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    tenant = await t.createTenant('aftercommit');
  });
  afterAll(() => t.close());

  it('runs a queued task after the commit, where it sees the committed row and may use the database', async () => {
    const seen: string[][] = [];
    await runAsTenant(t.db, tenant, async (tdb) => {
      await tdb.insertInto('partners').values({ partner_name: 'Committed Partner', city: 'Pune' }).execute();
      afterCommit(tdb, async () => {
        const rows = await runAsTenant(t.db, tenant, (again) =>
          again.selectFrom('partners').select('partner_name').where('partner_name', '=', 'Committed Partner').execute(),
        );
        seen.push(rows.map((r) => r.partner_name));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['Committed Partner']]);
  });

  it('drops the queued tasks when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      runAsTenant(t.db, tenant, async (tdb) => {
        afterCommit(tdb, () => {
          ran = true;
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(ran).toBe(false);
  });

  it('refuses a task for a transaction that has already ended', async () => {
    const closed = await runAsTenant(t.db, tenant, async (tdb) => tdb);
    expect(() => afterCommit(closed, () => undefined)).toThrow(
      'afterCommit needs the open transaction runAsTenant gave, not a copy or a closed one.',
    );
  });
});

describe.each(engines)('response contracts on $name', (engine) => {
  let t: TestContext;
  let tenant: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    tenant = await t.createTenant('contracts');
  });
  afterAll(() => t.close());

  const route = (method: string, url: string) => {
    const found = t.app.routeInventory.find((r: RouteOptions) => r.method === method && r.url === url);
    if (!found) throw new Error(`${method} ${url} is not registered`);
    return found;
  };
  /** What the route's declared 200 schema lets out for `data`, as the app's serializer writes it. */
  const serialize = (method: string, url: string, data: unknown): unknown => {
    const responses = route(method, url).schema?.response as Record<string, unknown> | undefined;
    const schema = responses?.[200];
    if (!schema) throw new Error(`${method} ${url} declares no 200 response`);
    return JSON.parse(serializerCompiler({ schema, method, url, httpStatus: '200' } as never)(data));
  };

  it('strips a password hash that a user list row might carry', async () => {
    const user = {
      id: 1,
      name: 'Asha',
      email: 'asha@co.test',
      mobileNumber: null,
      city: 'Pune',
      role: 'USER',
      enabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const leaky = [{ ...user, password_hash: 'scrypt$secret', passwordHash: 'scrypt$secret' }];
    expect(serialize('GET', '/api/tenant-admin/users', leaky)).toEqual([user]);
    expect(serialize('GET', '/api/admin/tenants/:tenantId/users', leaky)).toEqual([user]);
  });

  it('strips a password hash that a login answer might carry', () => {
    const answer = {
      token: 'jwt',
      user: { userName: 'Asha', emailId: 'asha@co.test', role: 'USER', passwordHash: 'scrypt$secret' },
      resetPasswordRequired: false,
      message: 'Login Successful',
      password_hash: 'scrypt$secret',
    };
    expect(serialize('POST', '/api/login', answer)).toEqual({
      token: 'jwt',
      user: { userName: 'Asha', emailId: 'asha@co.test', role: 'USER' },
      resetPasswordRequired: false,
      message: 'Login Successful',
    });
  });

  it('answers a real user list and sign-in with exactly the declared fields', async () => {
    await t.addUser(tenant, 'member@contracts.test', 'member-pass-1');
    const adminToken = await t.userToken(tenant, 'TENANT_ADMIN', 'boss@contracts.test');
    const list = await t.call(tenant.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token: adminToken });
    expect(list.statusCode).toBe(200);
    const member = (list.json() as { email: string }[]).find((u) => u.email === 'member@contracts.test');
    expect(Object.keys(member ?? {}).sort()).toEqual(
      ['city', 'createdAt', 'email', 'enabled', 'id', 'mobileNumber', 'name', 'role'].sort(),
    );
    const login = await t.call(tenant.tenantId, {
      method: 'POST',
      url: '/api/login',
      payload: { emailId: 'member@contracts.test', password: 'member-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toMatch(/password_?hash/i);
    expect(Object.keys(login.json()).sort()).toEqual(['message', 'resetPasswordRequired', 'token', 'user']);
  });

  it('publishes the response schemas in the OpenAPI document', async () => {
    const doc = (await t.call(null, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const usersList = doc.paths['/api/tenant-admin/users']?.get?.responses?.['200']?.content as {
      'application/json': { schema: { type: string; items: { properties: Record<string, unknown> } } };
    };
    expect(usersList['application/json'].schema.type).toBe('array');
    expect(Object.keys(usersList['application/json'].schema.items.properties)).toContain('email');
    expect(Object.keys(usersList['application/json'].schema.items.properties)).not.toContain('password_hash');
    expect(doc.paths['/api/project']?.post?.responses?.['201']?.content).toBeDefined();
    expect(doc.paths['/api/health']?.get?.responses?.['503']?.content).toBeDefined();
  });
});
