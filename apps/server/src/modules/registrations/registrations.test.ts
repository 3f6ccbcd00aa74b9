import { type Paise, paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('plot registration on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  const api = (method: 'GET' | 'POST', url: string, payload?: object, headers?: Record<string, string>) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
  const details = (plotId: number, change: object = {}) => ({
    plotId,
    registrationOffice: 'Sub-Registrar, Nagpur',
    registrationDate: '2026-11-15',
    documentNo: 'NGP-2026-0412',
    ...change,
  });
  /** A plot sold for ₹ 5,00,000 with Completed receipts of `paidPaise` and any other receipts given. */
  const soldPlot = async (paidPaise: Paise, other: { status: 'Pending' | 'Cancelled'; amountPaise: Paise }[] = []) => {
    const plot = await f.plot();
    await f.sale({
      projectId: plot.projectId,
      plotId: plot.plotId,
      amountPaise: paise(500000_00),
      receipts: [
        ...(paidPaise > 0 ? [{ status: 'Completed' as const, amountPaise: paidPaise, date: '2026-10-05' }] : []),
        ...other.map((o) => ({ ...o, date: '2026-10-06' })),
      ],
    });
    return plot;
  };

  it('registers a fully paid plot, lists it and no longer offers it', async () => {
    const plot = await soldPlot(paise(500000_00));
    const before = (await api('GET', `/api/project/${plot.projectId}/plots`)).json();
    expect(before[0]).toMatchObject({ isFullyPaid: true, isRegistered: false });

    const res = await api('POST', '/api/registration', details(plot.plotId));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Registration saved successfully!');

    const list = await api('GET', `/api/registration?projectId=${plot.projectId}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      {
        id: res.json().id,
        projectId: plot.projectId,
        projectName: expect.any(String),
        plotId: plot.plotId,
        plotName: 'P1',
        registrationOffice: 'Sub-Registrar, Nagpur',
        registrationDate: '2026-11-15',
        documentNo: 'NGP-2026-0412',
      },
    ]);
    const after = (await api('GET', `/api/project/${plot.projectId}/plots`)).json();
    expect(after[0]).toMatchObject({ isRegistered: true });
  });

  it('refuses a plot that is only partly paid', async () => {
    const plot = await soldPlot(paise(499999_99));
    const res = await api('POST', '/api/registration', details(plot.plotId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('P1 is not fully paid yet, so it cannot be registered.');
  });

  it('does not count Pending or Cancelled receipts as paid', async () => {
    const plot = await soldPlot(paise(100000_00), [
      { status: 'Pending', amountPaise: paise(300000_00) },
      { status: 'Cancelled', amountPaise: paise(100000_00) },
    ]);
    const res = await api('POST', '/api/registration', details(plot.plotId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('P1 is not fully paid yet, so it cannot be registered.');
  });

  it('refuses an unsold plot', async () => {
    const plot = await f.plot();
    const res = await api('POST', '/api/registration', details(plot.plotId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('P1 is not sold, so it cannot be registered.');
  });

  it('refuses a second registration of the same plot', async () => {
    const plot = await soldPlot(paise(500000_00));
    expect((await api('POST', '/api/registration', details(plot.plotId))).statusCode).toBe(201);
    const again = await api('POST', '/api/registration', details(plot.plotId, { documentNo: 'OTHER-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('P1 is already registered.');
  });

  it('stores one registration when clerks register the same plot at the same moment', async () => {
    const plot = await soldPlot(paise(500000_00));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api('POST', '/api/registration', details(plot.plotId, { documentNo: `D-${i}` })),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const list = await api('GET', `/api/registration?projectId=${plot.projectId}`);
    expect(list.json()).toHaveLength(1);
  });

  it('replays a double click with the same Idempotency-Key instead of refusing it', async () => {
    const plot = await soldPlot(paise(500000_00));
    const key = { 'idempotency-key': 'reg-form-1' };
    const first = await api('POST', '/api/registration', details(plot.plotId), key);
    const second = await api('POST', '/api/registration', details(plot.plotId), key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
  });

  it('refuses a registration date before the sale date', async () => {
    const plot = await soldPlot(paise(500000_00));
    const res = await api('POST', '/api/registration', details(plot.plotId, { registrationDate: '2026-10-01' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Registration date cannot be before the plot sale date.');
  });

  it.each([
    [{ plotId: undefined }, 'Please select a plot.'],
    [{ plotId: '' }, 'Please select a plot.'],
    [{ registrationOffice: '  ' }, 'Registration office is required'],
    [{ registrationDate: '' }, 'Registration date is required'],
    [{ registrationDate: '2026-02-30' }, 'Enter a real calendar date'],
    [{ documentNo: '' }, 'Document no is required'],
  ])('refuses %o', async (change, message) => {
    const res = await api('POST', '/api/registration', details(1, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("answers 404 for another company's plot or project", async () => {
    const plot = await soldPlot(paise(500000_00));
    const globexToken = await t.userToken(globex);
    const globexPlot = await factories(t, globex, globexToken).plot();
    // acme's plot id does not exist (or is not acme's) in globex
    const foreign = await t.call(globex.tenantId, {
      method: 'POST',
      url: '/api/registration',
      token: globexToken,
      payload: details(plot.plotId + 1000),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Plot not found.');
    const list = await t.call(globex.tenantId, {
      method: 'GET',
      url: `/api/registration?projectId=${globexPlot.projectId + 1000}`,
      token: globexToken,
    });
    expect(list.statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 with a platform token', async () => {
    const noToken = await t.call(acme.tenantId, { method: 'POST', url: '/api/registration', payload: details(1) });
    expect(noToken.statusCode).toBe(401);
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/registration' })).statusCode).toBe(401);
    const globexToken = await t.userToken(globex);
    const other = await t.call(acme.tenantId, { method: 'GET', url: '/api/registration', token: globexToken });
    expect(other.statusCode).toBe(403);
  });
});
