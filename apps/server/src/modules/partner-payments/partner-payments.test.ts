import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('payment to partner on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  const api = (method: 'GET' | 'POST', url: string, payload?: object, headers?: Record<string, string>) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
  const payout = (projectId: number, partnerId: number, change: object = {}) => ({
    projectId,
    partnerId,
    date: '2026-11-01',
    mode: 'Bank Transfer',
    modeDetail: 'NEFT UTR 4411',
    amount: 30000,
    note: 'First share',
    ...change,
  });

  /**
   * The worked example: a two-plot project, Asha holds 60 % and Bhaskar 40 %.
   *   Asha pays the farmer ₹ 2,00,000 (purchase); Bhaskar pays ₹ 1,00,000 for the road (development).
   *   Plot P1 is sold for ₹ 5,00,000. A Completed receipt of ₹ 1,50,000 is credited to Asha; a Pending one of
   *   ₹ 50,000 credited to Bhaskar has not cleared, and Bhaskar is paid out ₹ 30,000.
   */
  const workedExample = async () => {
    const project = await f.project({ plots: 2 });
    const asha = await f.partner({ projectId: project.projectId, share: 60, name: 'Asha' });
    const bhaskar = await f.partner({ projectId: project.projectId, share: 40, name: 'Bhaskar' });
    await f.purchase({ projectId: project.projectId, partnerId: asha, amount: 200000 });
    await f.development({ projectId: project.projectId, partnerId: bhaskar, amount: 100000 });
    const { receiptIds } = await f.sale({
      projectId: project.projectId,
      plotId: project.plots[0]?.plotId as number,
      amountPaise: paise(500000_00),
      receipts: [
        { status: 'Completed', amountPaise: paise(150000_00), date: '2026-10-05' },
        { status: 'Pending', amountPaise: paise(50000_00), date: '2026-10-06' },
      ],
    });
    await f.creditReceipt(receiptIds[0] as number, asha);
    await f.creditReceipt(receiptIds[1] as number, bhaskar);
    const paid = await api('POST', '/api/partner-payout', payout(project.projectId, bhaskar));
    expect(paid.statusCode).toBe(201);
    return { project, asha, bhaskar };
  };

  it('computes each partner’s investment, profit, total, received and due (worked example)', async () => {
    const { project, asha, bhaskar } = await workedExample();
    const res = await api('GET', `/api/payment/partners-summary?projectId=${project.projectId}`);
    expect(res.statusCode).toBe(200);
    // Project cost = ₹ 2,00,000 land + ₹ 1,00,000 development = ₹ 3,00,000.
    // Project profit = ₹ 5,00,000 sold − ₹ 3,00,000 cost = ₹ 2,00,000.
    expect(res.json()).toEqual([
      {
        partnerId: asha,
        partnerName: 'Asha',
        percentageShare: 60,
        investment: 200000, // her purchase
        profit: 120000, // 60 % of ₹ 2,00,000
        total: 320000, // 2,00,000 + 1,20,000
        received: 150000, // the Completed receipt credited to her
        due: 170000, // 3,20,000 − 1,50,000
      },
      {
        partnerId: bhaskar,
        partnerName: 'Bhaskar',
        percentageShare: 40,
        investment: 100000, // his development
        profit: 80000, // 40 % of ₹ 2,00,000
        total: 180000, // 1,00,000 + 80,000
        received: 30000, // the payout; the Pending ₹ 50,000 receipt does not count yet
        due: 150000, // 1,80,000 − 30,000
      },
    ]);
  });

  it('lists the project’s receipt lines with their status, and its payouts', async () => {
    const { project, bhaskar } = await workedExample();
    const receipts = await api('GET', `/api/payment/receipts?projectId=${project.projectId}`);
    expect(receipts.statusCode).toBe(200);
    expect(receipts.headers['x-total-count']).toBe('2');
    // Money received: the Completed line only, not the Pending cheque.
    expect(receipts.headers['x-total-amount']).toBe('150000.00');
    expect(
      receipts
        .json()
        .map((r: { partnerName: string; plotName: string; amount: number; status: string }) => [
          r.partnerName,
          r.plotName,
          r.amount,
          r.status,
        ]),
    ).toEqual([
      ['Asha', 'P1', 150000, 'Completed'],
      ['Bhaskar', 'P1', 50000, 'Pending'],
    ]);
    const payouts = await api('GET', `/api/partner-payout?projectId=${project.projectId}&partnerId=${bhaskar}`);
    expect(payouts.json()).toEqual([
      {
        payoutId: expect.any(Number),
        projectId: project.projectId,
        partnerId: bhaskar,
        partnerName: 'Bhaskar',
        date: '2026-11-01',
        mode: 'Bank Transfer',
        modeDetail: 'NEFT UTR 4411',
        amount: 30000,
        note: 'First share',
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
      },
    ]);
  });

  it('answers an empty summary for a project without partners', async () => {
    const project = await f.project();
    const res = await api('GET', `/api/payment/partners-summary?projectId=${project.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('stores a payout once when the same Idempotency-Key is sent twice', async () => {
    const project = await f.project();
    const partner = await f.partner({ projectId: project.projectId, share: 50 });
    await f.purchase({ projectId: project.projectId, partnerId: partner, amount: 100000 });
    const key = { 'idempotency-key': 'payout-form-7' };
    const first = await api('POST', '/api/partner-payout', payout(project.projectId, partner), key);
    const second = await api('POST', '/api/partner-payout', payout(project.projectId, partner), key);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toMatch(/^Payment to Partner \d+ saved successfully!$/);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const list = await api('GET', `/api/partner-payout?projectId=${project.projectId}`);
    expect(list.json()).toHaveLength(1);
    const summary = (await api('GET', `/api/payment/partners-summary?projectId=${project.projectId}`)).json();
    expect(summary[0].received).toBe(30000);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be more than 0'],
    [{ amount: -5 }, 'Amount cannot be negative'],
    [{ amount: 10.555 }, 'Amount may have at most 2 decimals'],
    [{ amount: '100' }, 'Enter an amount'],
    [{ mode: 'Barter' }, 'Select a mode'],
    [{ date: '' }, 'Date is required'],
    [{ partnerId: null }, 'Select a partner'],
  ])('refuses a payout with %o', async (change, message) => {
    const project = await f.project();
    const partner = await f.partner({ projectId: project.projectId, share: 50 });
    const res = await api('POST', '/api/partner-payout', payout(project.projectId, partner, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('totals only Completed receipt lines in X-Total-Amount, whatever else the project has', async () => {
    const project = await f.project({ plots: 1 });
    await f.partner({ projectId: project.projectId, share: 100 });
    await f.sale({
      projectId: project.projectId,
      plotId: project.plots[0]?.plotId as number,
      amountPaise: paise(100000_00),
      receipts: [
        { status: 'Completed', amountPaise: paise(10000_00), date: '2026-10-05' },
        { status: 'Cancelled', amountPaise: paise(90000_00), date: '2026-10-06' },
        { status: 'Pending', amountPaise: paise(20000_00), date: '2026-10-07' },
      ],
    });
    const res = await api('GET', `/api/payment/receipts?projectId=${project.projectId}`);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['x-total-amount']).toBe('10000.00');
  });

  it('refuses a payout above what is due to the partner, naming the due amount', async () => {
    const project = await f.project();
    const partner = await f.partner({ projectId: project.projectId, share: 50, name: 'Chitra' });
    // Chitra paid ₹ 1,00,000 and nothing is sold yet: her 50 % of the ₹ 1,00,000 loss is −₹ 50,000, so her
    // total is ₹ 50,000 and that is all that is due to her.
    await f.purchase({ projectId: project.projectId, partnerId: partner, amount: 100000 });
    const over = await api('POST', '/api/partner-payout', payout(project.projectId, partner, { amount: 50000.01 }));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('The payment of ₹ 50,000.01 is more than the ₹ 50,000.00 due to Chitra.');
    const exact = await api('POST', '/api/partner-payout', payout(project.projectId, partner, { amount: 50000 }));
    expect(exact.statusCode).toBe(201);
  });

  it('refuses any payout when nothing is due to the partner', async () => {
    const project = await f.project();
    const partner = await f.partner({ projectId: project.projectId, share: 50, name: 'Dev' });
    const res = await api('POST', '/api/partner-payout', payout(project.projectId, partner, { amount: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nothing is due to Dev in this project, so no payment can be recorded.');
    const list = await api('GET', `/api/partner-payout?projectId=${project.projectId}`);
    expect(list.json()).toEqual([]);
  });

  it('lets only one of ten payouts sent together take the whole due amount', async () => {
    const project = await f.project();
    const partner = await f.partner({ projectId: project.projectId, share: 100 });
    await f.purchase({ projectId: project.projectId, partnerId: partner, amount: 100000 });
    // Sold for what it cost: no profit, so the ₹ 1,00,000 invested is what is due.
    await f.sale({
      projectId: project.projectId,
      plotId: project.plots[0]?.plotId as number,
      amountPaise: paise(100000_00),
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/api/partner-payout', payout(project.projectId, partner, { amount: 100000 })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const summary = (await api('GET', `/api/payment/partners-summary?projectId=${project.projectId}`)).json();
    expect(summary[0]).toMatchObject({ received: 100000, due: 0 });
  });

  it('refuses a payout to a partner without a share in the project', async () => {
    const project = await f.project();
    const elsewhere = await f.partner();
    const res = await api('POST', '/api/partner-payout', payout(project.projectId, elsewhere));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Partner not found in this project.');
  });

  it("answers 404 for another company's partner and project", async () => {
    const project = await f.project();
    await f.partner({ projectId: project.projectId, share: 10 });
    const globexToken = await t.userToken(globex);
    const g = factories(t, globex, globexToken);
    const globexProject = await g.project();
    const globexPartner = await g.partner({ projectId: globexProject.projectId, share: 10 });
    // globex's partner paid out of an acme project
    const foreignPartner = await api('POST', '/api/partner-payout', payout(project.projectId, globexPartner + 1000));
    expect(foreignPartner.statusCode).toBe(404);
    // acme asking for a project only globex has
    const foreignProject = globexProject.projectId + 1000;
    for (const url of [
      `/api/payment/partners-summary?projectId=${foreignProject}`,
      `/api/payment/receipts?projectId=${foreignProject}`,
      `/api/partner-payout?projectId=${foreignProject}`,
    ]) {
      const res = await api('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Project not found.');
    }
  });

  it('answers 401 without a token and 403 with another company’s token', async () => {
    const project = await f.project();
    const url = `/api/payment/partners-summary?projectId=${project.projectId}`;
    expect((await t.call(acme.tenantId, { method: 'GET', url })).statusCode).toBe(401);
    const anonymousPayout = await t.call(acme.tenantId, { method: 'POST', url: '/api/partner-payout', payload: {} });
    expect(anonymousPayout.statusCode).toBe(401);
    const globexToken = await t.userToken(globex);
    expect((await t.call(acme.tenantId, { method: 'GET', url, token: globexToken })).statusCode).toBe(403);
  });

  it('asks for a project', async () => {
    const res = await api('GET', '/api/payment/partners-summary');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Select a project');
  });
});
