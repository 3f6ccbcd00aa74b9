import { describe, expect, it } from 'vitest';
import { demoForm, demoRequestsSuite, FIELDS, JPEG, PNG, SVG, WEBP } from '../../../test/demo-requests-suite.js';
import { engines, platformCount, type TestContext } from '../../../test/helpers.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('demo requests on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  const { submit, list, createRequest } = demoRequestsSuite(engine, (v) => ({ t, admin, acme } = v));
  // This file's own calls from addresses apart from the suite's (its submit counts up from 198.51.100.1).
  let ip = 200;

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
});
