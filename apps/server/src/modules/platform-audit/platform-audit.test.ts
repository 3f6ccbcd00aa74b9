import { describe, expect, it } from 'vitest';
import { demoForm } from '../../../test/demo-requests-suite.js';
import { engines, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { platformAuditSuite } from '../../../test/platform-audit-suite.js';

/** Each platform write leaves one row in the platform's trail, naming the super admin, the record and the fields. */
describe.each(engines)('the platform trail records every platform write on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  const { rowsOf } = platformAuditSuite(engine, (v) => ({ t, admin } = v));
  let superAdminId: number;

  const as = { user_name: 'Super Admin', client_address: '127.0.0.1' };
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers?: Record<string, string>) =>
    t.call(null, { method, url, token: admin, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
  const newCompany = (suffix: string, extra: object = {}) =>
    send('POST', '/api/admin/create-tenant', {
      tenantId: `${t.prefix}-${suffix}`,
      dbName: `${t.prefix}_${suffix}`,
      dbUsername: `${t.prefix}_${suffix}_role`,
      dbPassword: 'tenant-db-pass',
      initialAdminEmail: `owner@${suffix}.test`,
      ...extra,
    });

  it('records the super admin signing in, and a failed sign-in with the email typed', async () => {
    const ok = await rowsOf(() =>
      t.call(null, {
        method: 'POST',
        url: '/api/master/login',
        payload: SUPER_ADMIN,
        headers: { 'x-request-id': 'sign-1' },
      }),
    );
    expect(ok.result.statusCode).toBe(200);
    expect(ok.rows).toHaveLength(1);
    superAdminId = ok.rows[0]?.user_id as number;
    expect(superAdminId).toBeGreaterThan(0);
    expect(ok.rows[0]).toMatchObject({
      ...as,
      entity: 'session',
      entity_id: String(superAdminId),
      action: 'sign-in',
      request_id: 'sign-1',
      changes: {},
    });

    const wrong = await rowsOf(() =>
      t.call(null, {
        method: 'POST',
        url: '/api/master/login',
        payload: { email: SUPER_ADMIN.email, password: 'not-the-password' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    expect(wrong.result.statusCode).toBe(401);
    expect(wrong.rows).toEqual([
      expect.objectContaining({
        user_id: null,
        user_name: null,
        client_address: '203.0.113.9',
        entity: 'session',
        entity_id: null,
        action: 'sign-in-failed',
        changes: { email: [null, SUPER_ADMIN.email] },
        reason: 'Invalid email or password.',
      }),
    ]);
  });

  it('records a company created (one row, its storage and first admin), and nothing for a refused one', async () => {
    const { result, rows } = await rowsOf(() => newCompany('made'));
    expect(result.statusCode).toBe(201);
    expect(rows).toEqual([
      expect.objectContaining({
        ...as,
        entity: 'tenant',
        entity_id: `${t.prefix}-made`,
        action: 'create',
        changes: {
          db_name: [null, `${t.prefix}_made`],
          db_username: [null, `${t.prefix}_made_role`],
          initial_admin_email: [null, 'owner@made.test'],
          demo_request_id: [null, null],
          cluster: [null, 'main'],
        },
      }),
    ]);
    expect(rows[0]?.user_id).toBe(superAdminId);
    const clash = await rowsOf(() => newCompany('made'));
    expect(clash.result.statusCode).toBe(409);
    expect(clash.rows).toEqual([]);
  });

  it('records a company admin added, disabled, enabled and reset, and a company user added', async () => {
    const tenantId = `${t.prefix}-staff`;
    expect((await newCompany('staff')).statusCode).toBe(201);
    const added = await rowsOf(() =>
      send('POST', '/api/admin/tenant-admins', { tenantId, name: 'Priya Shah', email: 'priya@staff.test' }),
    );
    expect(added.result.statusCode).toBe(201);
    const id = added.result.json().id as number;
    expect(added.rows).toEqual([
      expect.objectContaining({
        ...as,
        entity: 'tenant-admin',
        entity_id: `${tenantId}/${id}`,
        action: 'create',
        changes: { user_name: [null, 'Priya Shah'], email_id: [null, 'priya@staff.test'] },
      }),
    ]);

    const off = await rowsOf(() => send('PATCH', `/api/admin/tenant-admins/${tenantId}/${id}`, { enabled: false }));
    expect(off.result.statusCode).toBe(200);
    expect(off.rows).toEqual([
      expect.objectContaining({ entity: 'tenant-admin', action: 'status', changes: { enabled: [true, false] } }),
    ]);
    const on = await rowsOf(() => send('PATCH', `/api/admin/tenant-admins/${tenantId}/${id}`, { enabled: true }));
    expect(on.rows.map((r) => r.changes)).toEqual([{ enabled: [false, true] }]);
    const unknown = await rowsOf(() => send('PATCH', `/api/admin/tenant-admins/${tenantId}/999999`, { enabled: true }));
    expect(unknown.result.statusCode).toBe(404);
    expect(unknown.rows).toEqual([]);

    const reset = await rowsOf(() => send('POST', `/api/admin/tenant-admins/${tenantId}/${id}/reset-password`));
    expect(reset.result.statusCode).toBe(200);
    expect(reset.rows).toEqual([
      expect.objectContaining({
        entity: 'tenant-admin',
        entity_id: `${tenantId}/${id}`,
        action: 'password',
        reason: 'Temporary password mailed; to be changed at the next sign-in',
      }),
    ]);

    const user = await rowsOf(() =>
      send('POST', `/api/admin/tenants/${tenantId}/users`, {
        name: 'Ravi Kumar',
        email: 'ravi@staff.test',
        mobileNumber: '9876543210',
        city: 'Pune',
      }),
    );
    expect(user.result.statusCode).toBe(201);
    expect(user.rows).toEqual([
      expect.objectContaining({
        entity: 'tenant-user',
        entity_id: `${tenantId}/${user.result.json().id}`,
        action: 'create',
        changes: { user_name: [null, 'Ravi Kumar'], email_id: [null, 'ravi@staff.test'], role: [null, 'USER'] },
      }),
    ]);
  });

  it('records a demo request sent, its status changed, and completed by the company made from it', async () => {
    const sent = await rowsOf(() =>
      t.call(null, {
        method: 'POST',
        url: '/api/demo-requests',
        payload: demoForm() as unknown as object,
        headers: { 'x-forwarded-for': '198.51.100.77' },
      }),
    );
    expect(sent.result.statusCode).toBe(201);
    const id = sent.result.json().id as number;
    expect(sent.rows).toEqual([
      expect.objectContaining({
        user_id: null,
        user_name: null,
        client_address: '198.51.100.77',
        entity: 'demo-request',
        entity_id: String(id),
        action: 'create',
        changes: {
          company_name: [null, 'FarmCo Plots'],
          name: [null, 'Asha Patil'],
          email: [null, 'asha@farmco.test'],
          city: [null, 'Pune'],
        },
      }),
    ]);

    const cancel = await rowsOf(() => send('PUT', `/api/admin/demo-request/${id}/status`, { status: 'CANCELLED' }));
    expect(cancel.result.statusCode).toBe(200);
    expect(cancel.rows).toEqual([
      expect.objectContaining({
        ...as,
        entity: 'demo-request',
        entity_id: String(id),
        action: 'status',
        changes: { status: ['PENDING', 'CANCELLED'] },
      }),
    ]);
    expect((await send('PUT', `/api/admin/demo-request/${id}/status`, { status: 'PENDING' })).statusCode).toBe(200);

    // The company made from it: its own row, and the request's, in the same transaction.
    const made = await rowsOf(() => newCompany('demo', { demoRequestId: id }));
    expect(made.result.statusCode).toBe(201);
    expect(made.rows.map((r) => [r.entity, r.action, r.entity_id])).toEqual([
      ['tenant', 'create', `${t.prefix}-demo`],
      ['demo-request', 'status', String(id)],
    ]);
    expect(made.rows[1]?.changes).toEqual({ status: ['PENDING', 'COMPLETED'], tenant_id: [null, `${t.prefix}-demo`] });
    // A COMPLETED request refuses another status: nothing recorded.
    const refused = await rowsOf(() => send('PUT', `/api/admin/demo-request/${id}/status`, { status: 'CANCELLED' }));
    expect(refused.result.statusCode).toBe(409);
    expect(refused.rows).toEqual([]);
  });

  it('records a locked account unlocked, and the super admin changing their password', async () => {
    const tenantId = `${t.prefix}-locks`;
    expect((await newCompany('locks')).statusCode).toBe(201);
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const guess = await t.call(tenantId, {
        method: 'POST',
        url: '/api/master/login',
        payload: { email: 'owner@locks.test', password: 'wrong-guess-1' },
        headers: { 'x-forwarded-for': ip },
      });
      expect(guess.statusCode).toBe(401);
    }
    const account = `${tenantId}:owner@locks.test`;
    const unlocked = await rowsOf(() => send('POST', '/api/admin/locked-accounts/unlock', { account }));
    expect(unlocked.result.statusCode).toBe(200);
    // A company's own sign-ins are the company's business: only the unlock is on the platform's trail.
    expect(unlocked.rows).toEqual([
      expect.objectContaining({ ...as, entity: 'account', entity_id: account, action: 'unlock' }),
    ]);

    const changed = await rowsOf(() =>
      t.call(null, {
        method: 'POST',
        url: '/api/resetPwd',
        payload: { emailId: SUPER_ADMIN.email, oldPwd: SUPER_ADMIN.password, newPwd: `${SUPER_ADMIN.password}-2` },
      }),
    );
    expect(changed.result.statusCode).toBe(200);
    expect(changed.rows).toEqual([
      expect.objectContaining({
        ...as,
        user_id: superAdminId,
        entity: 'session',
        action: 'password',
        reason: 'Password changed',
      }),
    ]);
    const back = await t.call(null, {
      method: 'POST',
      url: '/api/resetPwd',
      payload: { emailId: SUPER_ADMIN.email, oldPwd: `${SUPER_ADMIN.password}-2`, newPwd: SUPER_ADMIN.password },
    });
    expect(back.statusCode).toBe(200);
  });
});
