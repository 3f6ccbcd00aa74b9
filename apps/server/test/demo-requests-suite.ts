import { afterAll, beforeAll, expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, type Engine, type TestContext } from './helpers.js';

/** The smallest valid PNG: one transparent pixel, 67 bytes. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export const FIELDS = {
  name: 'Asha Patil',
  email: 'Asha@FarmCo.test',
  mobileNumber: '9876543210',
  city: 'Pune',
  companyName: 'FarmCo Plots',
  companyLocation: 'Hadapsar, Pune',
  status: 'COMPLETED',
};

export interface Upload {
  bytes: Uint8Array;
  type: string;
  name: string;
  field?: string;
}

export function demoForm(overrides: Record<string, string | null> = {}, ...files: Upload[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...FIELDS, ...overrides })) if (value !== null) form.append(key, value);
  for (const file of files) {
    form.append(file.field ?? 'companyLogo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  return form;
}

/**
 * The demo-request suites' set-up (modules/demo-requests/demo-requests*.test.ts): a test app on `engine`, the
 * super admin's token, company acme, and the calls a visitor and the super admin make.
 */
export function demoRequestsSuite(
  engine: Engine,
  use: (values: { t: TestContext; admin: string; acme: TenantRecord }) => void = () => {},
) {
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

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, admin, acme }));

  return {
    submit,
    list,
    setStatus,
    createTenant,
    createRequest,
  };
}
