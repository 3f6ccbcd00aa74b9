import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, JWT_SECRET, platformCount, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

/** The smallest valid PNG: one transparent pixel, 67 bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const FIELDS = {
  name: 'Asha Patil',
  email: 'Asha@FarmCo.test',
  mobileNumber: '9876543210',
  city: 'Pune',
  companyName: 'FarmCo Plots',
  companyLocation: 'Hadapsar, Pune',
  status: 'COMPLETED',
};

interface Upload {
  bytes: Uint8Array;
  type: string;
  name: string;
  field?: string;
}

function demoForm(overrides: Record<string, string | null> = {}, ...files: Upload[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...FIELDS, ...overrides })) if (value !== null) form.append(key, value);
  for (const file of files) {
    form.append(file.field ?? 'companyLogo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

describe.each(engines)('demo requests on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  let ip = 0;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await t.superAdminToken();
    acme = await t.createTenant('acme');
  });
  afterAll(() => t.close());

  // Each call comes from its own address so the per-IP limit (5 an hour) only bites in the rate-limit test.
  const submit = (payload: FormData | object, tenantId: string | null = null) =>
    t.call(tenantId, {
      method: 'POST',
      url: '/api/demo-requests',
      payload: payload as object,
      headers: { 'x-forwarded-for': `198.51.100.${++ip}` },
    });
  const list = (token = admin) => t.call(null, { method: 'GET', url: '/api/admin/demo-request', token });
  const setStatus = (id: number, status: string, token = admin) =>
    t.call(null, { method: 'PUT', url: `/api/admin/demo-request/${id}/status`, token, payload: { status } });
  const createTenant = (suffix: string, demoRequestId: number, initialAdminEmail = '') =>
    t.call(null, {
      method: 'POST',
      url: '/api/admin/create-tenant',
      token: admin,
      payload: {
        tenantId: `${t.prefix}-${suffix}`,
        dbName: `${t.prefix}_${suffix}`,
        dbUsername: `${t.prefix}_${suffix}_role`,
        dbPassword: 'tenant-db-pass',
        initialAdminEmail,
        demoRequestId,
      },
    });
  const createRequest = async (overrides: Record<string, string | null> = {}, ...files: Upload[]) => {
    const res = await submit(demoForm(overrides, ...files));
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('stores a visitor request as PENDING (whatever status is sent) with its logo and detected type', async () => {
    const res = await submit(demoForm({}, { bytes: PNG, type: 'image/png', name: 'logo.png' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), email: 'asha@farmco.test', status: 'PENDING' });
    const row = await platformDb(t.db)
      .selectFrom('demo_requests')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', logo_type: 'image/png', mobile_number: '+919876543210' });
    expect(Buffer.from(row.logo as Uint8Array).equals(PNG)).toBe(true);
  });

  it('accepts an Indian mobile number as people write it and stores it as +91 and ten digits', async () => {
    const id = await createRequest({ email: 'mobile@farmco.test', mobileNumber: '+91 98220 11111' });
    const row = await platformDb(t.db)
      .selectFrom('demo_requests')
      .select('mobile_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mobile_number).toBe('+919822011111');
  });

  it('accepts a request without a logo, and an empty file part (no file chosen) as no logo', async () => {
    const without = await createRequest({ email: 'nologo@farmco.test' });
    const empty = await createRequest(
      { email: 'emptyfile@farmco.test' },
      { bytes: new Uint8Array(), type: 'application/octet-stream', name: '' },
    );
    const rows = (await list()).json() as Array<{ id: number; hasLogo: boolean; logoUrl: string | null }>;
    for (const id of [without, empty]) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ hasLogo: false, logoUrl: null });
    }
  });

  it('recognises JPEG and WebP by their bytes, whatever the name and declared type say', async () => {
    const jpeg = await createRequest({}, { bytes: JPEG, type: 'application/octet-stream', name: 'logo.bin' });
    const webp = await createRequest({}, { bytes: WEBP, type: 'image/png', name: 'logo.png' });
    for (const [id, type] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const res = await t.call(null, { method: 'GET', url: `/api/admin/demo-request/${id}/logo`, token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
    }
  });

  it.each([
    ['name', null, 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['email', null, 'Email is required'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['mobileNumber', null, 'Mobile number is required'],
    ['mobileNumber', '98765abc', 'Enter a valid mobile number, e.g. 98220 11111'],
    ['city', '', 'City is required'],
    ['companyName', null, 'Company name is required'],
    ['companyLocation', ' ', 'Company location is required'],
    ['companyName', 'x'.repeat(201), 'Company name may have at most 200 characters'],
  ])('answers 400 naming %s when it is %j', async (field, value, message) => {
    const before = await platformCount(t.db, 'demo_requests');
    const res = await submit(demoForm({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, fields: { [field]: message } });
    expect(await platformCount(t.db, 'demo_requests')).toBe(before);
  });

  it('refuses a logo that is not a JPEG, PNG or WebP image with 415, whatever it is called', async () => {
    const before = await platformCount(t.db, 'demo_requests');
    const renamed = await submit(
      demoForm({}, { bytes: Buffer.from('just some text, not an image'), type: 'image/png', name: 'logo.png' }),
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe('The logo must be a JPEG, PNG or WebP image.');
    const svg = await submit(demoForm({}, { bytes: SVG, type: 'image/svg+xml', name: 'logo.svg' }));
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('The logo must be a JPEG, PNG or WebP image.');
    expect(await platformCount(t.db, 'demo_requests')).toBe(before);
  });

  it('refuses a logo over 1 MB with 413 and more than one file', async () => {
    const before = await platformCount(t.db, 'demo_requests');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await submit(demoForm({}, { bytes: big, type: 'image/png', name: 'big.png' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The logo must be at most 1 MB.' });
    const logo = { bytes: PNG, type: 'image/png', name: 'a.png' };
    const two = await submit(demoForm({}, logo, { ...logo, name: 'b.png' }));
    expect(two.statusCode).toBe(413);
    expect(two.json().message).toBe('Send at most one file: the company logo.');
    const otherField = await submit(demoForm({}, { ...logo, field: 'avatar' }));
    expect(otherField.statusCode).toBe(400);
    expect(await platformCount(t.db, 'demo_requests')).toBe(before);
  });

  it('accepts only multipart/form-data, and only on the platform host', async () => {
    const json = await submit({ ...FIELDS });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the demo request as multipart/form-data.');
    const onTenant = await submit(demoForm(), acme.tenantId);
    expect(onTenant.statusCode).toBe(404);
  });

  it('answers a malformed multipart body with 400 and a plain message', async () => {
    const before = await platformCount(t.db, 'demo_requests');
    for (const [contentType, body] of [
      ['multipart/form-data', 'xx'],
      ['multipart/form-data; boundary=xyz', 'xx'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha'],
    ]) {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/demo-requests',
        payload: body,
        headers: { 'content-type': contentType as string, 'x-forwarded-for': `198.51.100.${++ip}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The form could not be read. Please send it again.' });
    }
    expect(await platformCount(t.db, 'demo_requests')).toBe(before);
  });

  it('refuses control characters in any field with 400 naming the field', async () => {
    const before = await platformCount(t.db, 'demo_requests');
    for (const [field, label] of [
      ['name', 'Name'],
      ['city', 'City'],
      ['companyName', 'Company name'],
      ['companyLocation', 'Company location'],
      ['email', 'Email'],
    ]) {
      const value = field === 'email' ? 'a\u0000b@farmco.test' : 'Farm\u0000Co';
      const res = await submit(demoForm({ [field as string]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${label} may not contain control characters`);
    }
    expect(await platformCount(t.db, 'demo_requests')).toBe(before);
  });

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
