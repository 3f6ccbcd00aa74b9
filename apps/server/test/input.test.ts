import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { type factories, setUpCompanies } from './factories.js';
import { engines, type TestContext } from './helpers.js';

/** Bad input of every kind gets a 4xx with a plain message that names the field, never a 500 or zod's text. */
describe.each(engines)('input handling on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let projectId: number;
  let partnerId: number;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  // Each test gets a project and partner of its own for the rows it sends.
  beforeEach(async () => {
    projectId = (await f.project()).projectId;
    partnerId = await f.partner({ projectId, share: 50 });
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.call(acme.tenantId, {
      method,
      url,
      token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const purchaseRow = (change: object = {}) => ({
    projectId,
    partnerId,
    particular: 'Visarpavti',
    date: '2026-03-05',
    mode: 'Cash',
    amount: 100,
    ...change,
  });
  const project = (change: object = {}) => ({
    projectName: 'Farm Two',
    city: 'Nagpur',
    totalArea: 10000,
    totalRate: 100,
    plots: [{ plotName: 'P1', totalPlotSize: 1000 }],
    ...change,
  });
  const count = (table: 'partners' | 'projects' | 'purchase_entries') =>
    t.asTenant(acme, async (tdb) => {
      const row = await tdb.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    });

  describe('content types', () => {
    it.each([
      ['text/plain', '/api/partner', '{"partnerName":"X","city":"Y","projects":[{"projectId":1}]}'],
      ['text/plain', '/api/purchase', '[]'],
      ['text/plain', '/api/login', '{"emailId":"a@b.c","password":"x"}'],
      ['application/x-www-form-urlencoded', '/api/project', 'projectName=X'],
      [
        'multipart/form-data; boundary=x',
        '/api/partner',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      ],
    ])('answers a %s body on %s with 415', async (contentType, url, body) => {
      const res = await api('POST', url, body, { 'content-type': contentType });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported content type.' });
    });

    it('still takes JSON with a charset', async () => {
      const res = await api(
        'POST',
        '/api/partner',
        JSON.stringify({ partnerName: 'Charset', city: 'Pune', projects: [{ projectId }] }),
        {
          'content-type': 'application/json; charset=utf-8',
        },
      );
      expect(res.statusCode).toBe(201);
    });
  });

  describe('control characters', () => {
    it.each([
      [
        'a partner name',
        '/api/partner',
        () => ({ partnerName: 'a\u0000b', city: 'c', projects: [{ projectId }] }),
        'Partner name may not contain control characters',
      ],
      [
        'a partner city with a tab',
        '/api/partner',
        () => ({ partnerName: 'ab', city: 'c\td', projects: [{ projectId }] }),
        'City may not contain control characters',
      ],
      [
        'a project name',
        '/api/project',
        () => project({ projectName: 'Farm\u0000' }),
        'Project name may not contain control characters',
      ],
      [
        'a plot name',
        '/api/project',
        () => project({ plots: [{ plotName: 'P\u00001', totalPlotSize: 10 }] }),
        'Plot 1: Plot name may not contain control characters',
      ],
      [
        'a mode detail',
        '/api/purchase',
        () => [purchaseRow({ modeDetail: 'cheque\u0007 12' })],
        'Row 1: Mode detail may not contain control characters',
      ],
      [
        'a credit-to in row 2',
        '/api/purchase',
        () => [purchaseRow(), purchaseRow({ creditTo: 'Ram\u001besh' })],
        'Row 2: Credit to may not contain control characters',
      ],
    ])('refuses %s with 400 naming the field, and stores nothing', async (_what, url, payload, message) => {
      const before = await Promise.all([count('partners'), count('projects'), count('purchase_entries')]);
      // Built when the test runs: the ids exist only after beforeEach.
      const res = await api('POST', url, payload());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await Promise.all([count('partners'), count('projects'), count('purchase_entries')])).toEqual(before);
    });

    it('refuses NUL in the login email with 400, not a database error', async () => {
      const res = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/login',
        payload: { emailId: 'user\u0000@example.com', password: 'whatever-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Email may not contain control characters',
        fields: { emailId: 'Email may not contain control characters' },
      });
    });

    it('refuses NUL in a registering user name with 400', async () => {
      const res = await t.call(null, {
        method: 'POST',
        url: `/api/admin/tenants/${acme.tenantId}/register`,
        payload: { userName: 'As\u0000ha', emailId: 'asha@example.com', mobileNumber: '9876543210', city: 'Pune' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Full name may not contain control characters');
    });
  });

  describe('plain messages', () => {
    it('says how many plots a project may have', async () => {
      const plots = Array.from({ length: 10_000 }, (_, i) => ({ plotName: `P${i}`, totalPlotSize: 1 }));
      const res = await api('POST', '/api/project', project({ plots }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A project may have at most 2,000 plots.');
    });

    it('names the partner name when it is too long', async () => {
      const res = await api('POST', '/api/partner', {
        partnerName: 'x'.repeat(101),
        city: 'Pune',
        projects: [{ projectId }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Partner name may have at most 100 characters');
    });

    it('names Total Rate when area × rate is beyond the largest amount', async () => {
      const res = await api('POST', '/api/project', project({ totalArea: 1e11, totalRate: 1e11 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Total Rate is too high for this Total Area: the total amount may be at most ₹ 1,00,00,00,00,00,000.00.',
      );
      expect(res.json().fields).toHaveProperty('totalRate');
    });

    it('refuses an amount that rounds to 0 paise in validation', async () => {
      const res = await api('POST', '/api/purchase', [purchaseRow({ amount: 5e-324 })]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Row 1: Amount may have at most 2 decimals',
        fields: { '0.amount': 'Amount may have at most 2 decimals' },
      });
    });

    it('names a too-long mode detail and its row, in plain words', async () => {
      const res = await api('POST', '/api/purchase', [purchaseRow({ modeDetail: 'x'.repeat(1400) })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Row 1: Mode detail may have at most 200 characters');
    });

    it.each(['true', '%201', '0x10', '1e3', '01', '-1', '1.0', '99999999999'])(
      'refuses the id %s in a path',
      async (raw) => {
        const res = await api('GET', `/api/project/${raw}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('ID must be a whole number above 0');
      },
    );

    it.each(['true', '%201', '0x10', '1e3'])('refuses the id %s in a query', async (raw) => {
      const res = await api('GET', `/api/activity/list?projectId=${raw}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Project must be a whole number above 0');
    });

    it('refuses true as an id in a body', async () => {
      const res = await api('POST', '/api/activity/save', {
        projectId: true,
        activityType: 'PLOT_SALE',
        activityName: 'Plot Sale',
        status: 'Active',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please select project, type, name and status.');
    });

    it('still takes plain ids in paths and bodies', async () => {
      expect((await api('GET', `/api/project/${projectId}`)).statusCode).toBe(200);
      expect((await api('GET', `/api/activity/list?projectId=${projectId}`)).statusCode).toBe(200);
      const activity = { projectId: String(projectId), activityType: 'PLOT_SALE', activityName: 'Plot Sale' };
      expect((await api('POST', '/api/activity/save', activity)).statusCode).toBe(201);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first reply for the same key and the same body', async () => {
      const before = await count('purchase_entries');
      const key = { 'idempotency-key': 'same-body' };
      const first = await api('POST', '/api/purchase', [purchaseRow({ amount: 41 })], key);
      const again = await api('POST', '/api/purchase', [purchaseRow({ amount: 41 })], key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await count('purchase_entries')).toBe(before + 1);
    });

    it('refuses the same key with a different body (422) and stores nothing new', async () => {
      const key = { 'idempotency-key': 'other-body' };
      const first = await api('POST', '/api/purchase', [purchaseRow({ amount: 42 })], key);
      expect(first.statusCode).toBe(201);
      const before = await count('purchase_entries');
      const changed = await api('POST', '/api/purchase', [purchaseRow({ amount: 4200 })], key);
      expect(changed.statusCode).toBe(422);
      expect(changed.json()).toEqual({
        message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
      });
      expect(await count('purchase_entries')).toBe(before);
    });

    it('refuses a key over 200 characters instead of cutting it, so two long keys never replay each other', async () => {
      const before = await count('purchase_entries');
      const res = await api('POST', '/api/purchase', [purchaseRow({ amount: 43 })], {
        'idempotency-key': `${'k'.repeat(200)}A`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Idempotency-Key may have at most 200 characters.' });
      expect(await count('purchase_entries')).toBe(before);
    });
  });
});
