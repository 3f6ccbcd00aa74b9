import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoForm, demoRequestsSuite, PNG } from '../../../test/demo-requests-suite.js';
import { engines, JWT_SECRET, platformCount, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('demo requests for the super admin on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  const { list, setStatus, createTenant, createRequest } = demoRequestsSuite(engine, (v) => ({ t, admin, acme } = v));

  it('lists requests newest first for the super admin, with a logo link and never the bytes', async () => {
    const older = await createRequest({ name: 'Older' });
    const newer = await createRequest({ name: 'Newer' }, { bytes: PNG, type: 'image/png', name: 'logo.png' });
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const row = rows.find((r) => r.id === newer);
    expect(row).toEqual({
      id: newer,
      name: 'Newer',
      email: 'asha@farmco.test',
      phone: '+919876543210',
      city: 'Pune',
      companyName: 'FarmCo Plots',
      companyLocation: 'Hadapsar, Pune',
      status: 'PENDING',
      hasLogo: true,
      logoUrl: `/api/admin/demo-request/${newer}/logo`,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      tenantId: null,
    });
    expect(res.body).not.toContain(PNG.toString('base64').slice(0, 20));
  });

  it('serves the logo with its real type, nosniff, inline and a short private cache', async () => {
    const id = await createRequest({}, { bytes: PNG, type: 'text/html', name: 'logo.html' });
    const res = await t.call(null, { method: 'GET', url: `/api/admin/demo-request/${id}/logo`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline/);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.rawPayload.equals(PNG)).toBe(true);

    const none = await createRequest();
    const missing = await t.call(null, { method: 'GET', url: `/api/admin/demo-request/${none}/logo`, token: admin });
    expect(missing.statusCode).toBe(404);
    const unknown = await t.call(null, { method: 'GET', url: '/api/admin/demo-request/999999/logo', token: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the admin endpoints for the super admin: 401 without a token, 403 for tenant accounts', async () => {
    const id = await createRequest({}, { bytes: PNG, type: 'image/png', name: 'logo.png' });
    const tenantAdmin = await t.userToken(acme, 'TENANT_ADMIN');
    const user = await t.userToken(acme, 'USER');
    const calls = [
      { method: 'GET' as const, url: '/api/admin/demo-request' },
      { method: 'GET' as const, url: `/api/admin/demo-request/${id}/logo` },
      { method: 'PUT' as const, url: `/api/admin/demo-request/${id}/status`, payload: { status: 'CANCELLED' } },
    ];
    for (const call of calls) {
      expect((await t.call(null, call)).statusCode).toBe(401);
      expect((await t.call(null, { ...call, token: tenantAdmin })).statusCode).toBe(403);
      expect((await t.call(acme.tenantId, { ...call, token: tenantAdmin })).statusCode).toBe(403);
      expect((await t.call(acme.tenantId, { ...call, token: user })).statusCode).toBe(403);
      // A platform token is refused on a company host.
      expect((await t.call(acme.tenantId, { ...call, token: admin })).statusCode).toBe(403);
    }
    const rows = (await list()).json() as Array<{ id: number; status: string }>;
    expect(rows.find((r) => r.id === id)?.status).toBe('PENDING');
  });

  it('changes the status, validates it, and answers 404 for an unknown request', async () => {
    const id = await createRequest();
    const rejected = await setStatus(id, 'CANCELLED');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ id, status: 'CANCELLED' });
    const reopened = await setStatus(id, 'PENDING');
    expect(reopened.json()).toMatchObject({ id, status: 'PENDING' });
    const bad = await setStatus(id, 'DONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of PENDING, COMPLETED, CANCELLED');
    expect((await setStatus(999999, 'CANCELLED')).statusCode).toBe(404);
  });

  it('creates a tenant from a request: marks it COMPLETED, mails the requester how to sign in, then freezes it', async () => {
    const id = await createRequest({ email: 'founder@newco.test', companyName: 'NewCo Lands' });
    const res = await createTenant('fromdemo', id, 'boss@newco.test');
    expect(res.statusCode).toBe(201);
    const tenantId = `${t.prefix}-fromdemo`;

    const row = ((await list()).json() as Array<Record<string, unknown>>).find((r) => r.id === id);
    expect(row).toMatchObject({ status: 'COMPLETED', tenantId });
    const tenantRow = await platformDb(t.db)
      .selectFrom('tenants')
      .select('demo_request_id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(tenantRow.demo_request_id).toBe(id);

    const mail = await t.mail.latest('founder@newco.test');
    expect(mail.subject).toContain(tenantId);
    expect(mail.text).toContain(`http://${tenantId}.localhost:8080/admin/login`);
    expect(mail.text).toContain('boss@newco.test');
    expect(mail.text).toContain('separate email');
    // The admin's own mail carries the password, which works on the new host.
    const adminMail = await t.mail.latest('boss@newco.test');
    const login = await t.call(tenantId, {
      method: 'POST',
      url: '/api/master/login',
      payload: { email: 'boss@newco.test', password: passwordFrom(adminMail) },
    });
    expect(login.statusCode).toBe(200);

    const frozen = await setStatus(id, 'CANCELLED');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe(
      'This demo request is completed (its company was created), so its status cannot change.',
    );
    expect((await setStatus(id, 'COMPLETED')).statusCode).toBe(200);
  });

  it('names the first admin after the requester when the requester is that admin, and mails them by name', async () => {
    const id = await createRequest({ name: 'Meera Joshi', email: 'Meera@OwnCo.test' });
    expect((await createTenant('ownadmin', id, 'meera@ownco.test')).statusCode).toBe(201);
    const admins = (
      await t.call(null, { method: 'GET', url: '/api/admin/tenant-admins', token: admin })
    ).json() as Array<{ tenantId: string; name: string; email: string }>;
    expect(admins.filter((a) => a.tenantId === `${t.prefix}-ownadmin`)).toEqual([
      expect.objectContaining({ name: 'Meera Joshi', email: 'meera@ownco.test' }),
    ]);
    expect((await t.mail.latest('meera@ownco.test')).text).toMatch(/^Hello Meera Joshi,/);
    // Someone else made admin of the requester's company is not given the requester's name.
    const other = await createRequest({ name: 'Kiran Rao', email: 'kiran@otherco.test' });
    expect((await createTenant('otheradmin', other, 'office@otherco.test')).statusCode).toBe(201);
    const others = (
      await t.call(null, { method: 'GET', url: '/api/admin/tenant-admins', token: admin })
    ).json() as Array<{ tenantId: string; name: string }>;
    expect(others.find((a) => a.tenantId === `${t.prefix}-otheradmin`)?.name).toBe('Administrator');
  });

  it('refuses a tenant from an unknown, completed or cancelled request before creating anything', async () => {
    const completed = await createRequest({ email: 'again@newco.test' });
    expect((await createTenant('first', completed)).statusCode).toBe(201);
    const cancelled = await createRequest({ email: 'cancelled@newco.test' });
    await setStatus(cancelled, 'CANCELLED');
    const tenants = await platformCount(t.db, 'tenants');

    const unknown = await createTenant('unknown', 999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Demo request not found.',
      fields: { demoRequestId: 'Demo request not found.' },
    });
    const twice = await createTenant('second', completed);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This demo request is already completed: its company was created.');
    const fromCancelled = await createTenant('third', cancelled);
    expect(fromCancelled.statusCode).toBe(409);
    expect(fromCancelled.json().message).toMatch(/cancelled/);

    expect(await platformCount(t.db, 'tenants')).toBe(tenants);
    const schemas = await t.db
      .selectFrom('pg_namespace' as never)
      .select('nspname' as never)
      .where('nspname' as never, 'in', [`${t.prefix}_unknown`, `${t.prefix}_second`, `${t.prefix}_third`] as never)
      .execute();
    expect(schemas).toEqual([]);
    // Without an initial admin the requester is told the team will send the sign-in details.
    const mail = await t.mail.latest('again@newco.test');
    expect(mail.text).toContain(`http://${t.prefix}-first.localhost:8080/admin/login`);
    expect(mail.text).not.toContain('separate email');
  });

  describe('rate limit', () => {
    let limited: FastifyInstance;

    beforeAll(async () => {
      const config = loadConfig({
        BASE_DOMAIN: 'localhost',
        SMTP_URL: t.mail.url,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'true',
      });
      // A second app on the same database, with a tiny limit; closing it must not close the shared database.
      limited = await buildApp({
        config,
        database: { kind: engine.name, db: t.db, close: async () => {} },
        jwtSecret: JWT_SECRET,
        logger: false,
        demoRequestRateLimit: { max: 2, timeWindow: '1 minute' },
      });
    });
    afterAll(() => limited.close());

    const post = (address: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/demo-requests',
        headers: { host: 'localhost', 'x-forwarded-for': address },
        payload: demoForm(),
      });

    it('answers 429 once an address has sent too many requests, while other addresses still get through', async () => {
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      expect((await post('203.0.113.7')).statusCode).toBe(201);
      const third = await post('203.0.113.7');
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^Too many demo requests from this address\. Please try again in/);
      expect((await post('203.0.113.8')).statusCode).toBe(201);
    });
  });
});
