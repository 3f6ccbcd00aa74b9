import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

const DEFAULTS = { tdsThreshold: 5000000, tdsRate: 1, cashLimit: 20000, cashRule: 'warn', reraLimit: 10 };

describe.each(engines)('company tax settings and TDS (s.194-IA) on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary } = receiptHelpers(() => ({ t, acme, token, f }));
  let admin: string | undefined;
  const adminToken = async () => {
    admin ??= await t.userToken(acme, 'TENANT_ADMIN', 'tax-admin@acme.test');
    return admin;
  };
  const putSettings = async (body: object, as?: string) =>
    t.call(acme.tenantId, {
      method: 'PUT',
      url: '/api/company-settings',
      token: as ?? (await adminToken()),
      payload: body,
    });

  it('answers the law’s defaults to any user', async () => {
    const res = await api('GET', '/api/company-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULTS);
  });

  it('lets a tenant admin change them, and answers what was saved', async () => {
    const res = await putSettings({ ...DEFAULTS, tdsRate: 0.75, cashRule: 'refuse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULTS, tdsRate: 0.75, cashRule: 'refuse' });
    expect((await api('GET', '/api/company-settings')).json()).toMatchObject({ tdsRate: 0.75, cashRule: 'refuse' });
    expect((await putSettings(DEFAULTS)).statusCode).toBe(200);
  });

  it('refuses a USER with 403 and leaves the settings', async () => {
    const res = await putSettings({ ...DEFAULTS, cashRule: 'refuse' }, token);
    expect(res.statusCode).toBe(403);
    expect((await api('GET', '/api/company-settings')).json()).toEqual(DEFAULTS);
  });

  it('refuses a rate above 100 % and an unknown cash rule, naming the fields', async () => {
    const res = await putSettings({ ...DEFAULTS, tdsRate: 101, cashRule: 'ignore' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['cashRule', 'tdsRate']);
  });

  it('counts a TDS line toward what the buyer paid: a ₹ 75,00,000 sale paid 99 % + 1 % TDS is fully paid and registers', async () => {
    const s = await soldPlot({ amountPaise: paise(75_00_000_00) });
    // Paid after the agreement for sale was registered, so RERA s.13 has nothing to say.
    await api('PUT', `/api/sale/${s.saleId}/agreement`, { agreementDate: '2026-10-03' });
    const res = await pay(s, 'Completed', [
      line(s, { particular: 'Installment', mode: 'RTGS', modeDetail: 'UTR 998877', amount: 74_25_000 }),
      line(s, { particular: 'TDS (194-IA)', mode: 'Bank Transfer', modeDetail: 'Form 16B AB1234567', amount: 75_000 }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ received: 75_00_000, pendingBalance: 0, warnings: [] });
    expect(await summary(s)).toMatchObject({ pendingBalance: 0, tdsDue: 75_000, tdsReceived: 75_000 });
    const schedule = (await api('GET', `/api/sale/${s.saleId}/schedule`)).json();
    expect(schedule).toMatchObject({ pending: 0, tdsDue: 75_000, tdsReceived: 75_000 });
    const registration = await api('POST', '/api/registration', {
      plotId: s.plotId,
      registrationOffice: 'Sub-Registrar, Nagpur',
      registrationDate: '2026-11-15',
      documentNo: 'NGP-2026-0500',
    });
    expect(registration.statusCode, registration.body).toBe(201);
  });

  it('owes no TDS below ₹ 50,00,000', async () => {
    const s = await soldPlot({ amountPaise: paise(49_99_999_00) });
    expect(await summary(s)).toMatchObject({ tdsDue: 0, tdsReceived: 0 });
  });

  it('lists the sales whose TDS certificate is pending, and those with a TDS line lacking its number', async () => {
    const project = await f.project({ plots: 4 });
    const partnerId = await f.partner({ projectId: project.projectId });
    const [p1, p2, p3, p4] = project.plots.map((p) => p.plotId) as [number, number, number, number];
    const pending = await f.sale({ projectId: project.projectId, plotId: p1, amountPaise: paise(60_00_000_00) });
    const noNumber = await f.sale({ projectId: project.projectId, plotId: p2, amountPaise: paise(50_00_000_00) });
    await f.sale({ projectId: project.projectId, plotId: p3, amountPaise: paise(50_00_000_00) });
    await f.sale({ projectId: project.projectId, plotId: p4, amountPaise: paise(10_00_000_00) });
    const tdsLine = (modeDetail: string | null) => ({
      particular: 'TDS (194-IA)',
      date: '2026-10-05',
      mode: 'Bank Transfer',
      modeDetail,
      amount: 50_000,
      partnerId,
    });
    const receipt = (plotId: number, modeDetail: string | null) =>
      api('POST', '/api/payment', {
        projectId: project.projectId,
        plotId,
        status: 'Completed',
        payments: [tdsLine(modeDetail)],
      });
    expect((await receipt(p2, null)).statusCode).toBe(201);
    expect((await receipt(p3, 'Form 16B ZX9')).statusCode).toBe(201);

    const res = await api('GET', `/api/report/tds-pending?projectId=${project.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        saleId: pending.saleId,
        plotId: p1,
        plotName: 'P1',
        buyerName: null,
        saleDate: '2026-10-02',
        saleAmount: 60_00_000,
        tdsDue: 60_000,
        tdsReceived: 0,
        tdsPending: 60_000,
        linesWithoutCertificate: 0,
      },
      expect.objectContaining({ saleId: noNumber.saleId, tdsPending: 0, linesWithoutCertificate: 1 }),
    ]);
  });

  it('names the buyer on the TDS list as the sales listing does: the buyer record, renamed', async () => {
    const project = await f.project({ plots: 1 });
    const plotId = project.plots[0]?.plotId as number;
    const buyer = (await api('POST', '/api/buyer', { name: 'Ravi Patil', mobile: '9876500031' })).json();
    const sale = { projectId: project.projectId, plotId, saleAmount: 60_00_000, paymentType: 'Cash' };
    expect((await api('POST', '/api/sale', { ...sale, buyerId: buyer.buyerId })).statusCode).toBe(201);
    const renamed = await api('PUT', `/api/buyer/${buyer.buyerId}`, { name: 'Ravi S. Patil', mobile: '9876500031' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listing = (await api('GET', `/api/sale/project/${project.projectId}`)).json();
    const tds = (await api('GET', `/api/report/tds-pending?projectId=${project.projectId}`)).json();
    expect(listing.map((s: { buyerName: string }) => s.buyerName)).toEqual(['Ravi S. Patil']);
    expect(tds.map((s: { buyerName: string }) => s.buyerName)).toEqual(['Ravi S. Patil']);
  });

  it('answers 404 for the TDS list of a project that does not exist', async () => {
    expect((await api('GET', '/api/report/tds-pending?projectId=987654')).statusCode).toBe(404);
  });
});
