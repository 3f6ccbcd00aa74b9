import { type Paise, paise } from '@plotbook/domain';
import { expect } from 'vitest';
import type { CompanySuite } from './factories.js';

/**
 * What the report suites (modules/reports/reports*.test.ts, db/sql/*.test.ts) share: GET as the suite's user, and the worked
 * examples they build. `suite` gives the suite's company once setUpCompanies has run.
 */
export function reportExamples(suite: () => Pick<CompanySuite, 't' | 'acme' | 'token' | 'f'>) {
  const get = (url: string, as?: string) => {
    const { t, acme, token } = suite();
    return t.call(acme.tenantId, { method: 'GET', url, token: as ?? token });
  };
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const reportUrls = (projectId: number, partnerId: number) => [
    `/api/report/plot-wise/${projectId}`,
    `/api/report/payment-receipts/${projectId}`,
    `/api/farmer-account/${projectId}`,
    `/api/report/payment-month-wise/${projectId}`,
    `/api/report/payment-expected-month-wise/${projectId}`,
    `/api/partner-summary/${projectId}`,
    `/api/partner-payment-details/${projectId}/${partnerId}`,
  ];

  /**
   * The worked example (as on Payment To Partner): two plots of 1,000 sq ft; Asha (60 %) pays the farmer
   * ₹ 2,00,000; Bhaskar (40 %) pays ₹ 1,00,000 for the road (per project) and ₹ 5,000 for P1's pole (per plot).
   * P1 is sold for ₹ 5,00,000: ₹ 1,50,000 Completed (credited to Asha), ₹ 50,000 Pending, ₹ 10,000 Cancelled.
   * Bhaskar is paid out ₹ 30,000.
   */
  const workedExample = async () => {
    const { t, acme, token, f } = suite();
    const project = await f.project({ plots: 2, name: `Worked ${Math.random()}` });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { projectId } = project;
    const asha = await f.partner({ projectId, share: 60, name: 'Asha' });
    const bhaskar = await f.partner({ projectId, share: 40, name: 'Bhaskar' });
    const purchase = await f.purchase({ projectId, partnerId: asha, amount: 200000, date: '2026-02-01' });
    await f.development({ projectId, partnerId: bhaskar, amount: 100000, date: '2026-04-01' });
    await f.development({
      projectId,
      partnerId: bhaskar,
      amount: 5000,
      category: 'per_plot',
      plotId: p1.plotId,
      particular: 'Marking Pole',
      date: '2026-04-02',
    });
    const { receiptIds } = await f.sale({
      projectId,
      plotId: p1.plotId,
      amountPaise: paise(500000_00),
      receipts: [
        { status: 'Completed', amountPaise: paise(150000_00), date: '2026-10-05' },
        { status: 'Pending', amountPaise: paise(50000_00), date: '2026-10-06' },
        { status: 'Cancelled', amountPaise: paise(10000_00), date: '2026-10-07' },
      ],
    });
    await f.creditReceipt(receiptIds[0] as number, asha);
    const paid = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/partner-payout',
      token,
      payload: { projectId, partnerId: bhaskar, date: '2026-11-01', mode: 'Bank Transfer', amount: 30000 },
    });
    expect(paid.statusCode).toBe(201);
    return { project, projectId, p1, p2, asha, bhaskar, purchaseId: purchase.id, payoutId: paid.json().payoutId };
  };

  /** An EMI sale: ₹ 1,00,000 − ₹ 10,000 advance = ₹ 90,000 over 3 months from 2026-11-01; ₹ 40,000 of EMI paid. */
  const emiExample = async () => {
    const { f } = suite();
    const project = await f.project({ plots: 2 });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { saleId } = await f.sale({
      projectId: project.projectId,
      plotId: p1.plotId,
      amountPaise: paise(100000_00),
      emi: { advancePaise: paise(10000_00), months: 3, emiDate: '2026-11-01' },
    });
    const { saleId: sale2 } = await f.sale({
      projectId: project.projectId,
      plotId: p2.plotId,
      amountPaise: paise(60000_00),
      emi: { months: 2, emiDate: '2026-12-15' },
    });
    const receipt = (
      status: 'Completed' | 'Pending',
      lines: { amountPaise: Paise; date: string; particular?: 'Advance' }[],
    ) => f.receipt({ projectId: project.projectId, plotId: p1.plotId, saleId, status, lines });
    await receipt('Completed', [{ amountPaise: paise(10000_00), date: '2026-10-02', particular: 'Advance' }]);
    await receipt('Completed', [{ amountPaise: paise(30000_00), date: '2026-11-03' }]);
    await receipt('Completed', [{ amountPaise: paise(10000_00), date: '2026-12-01' }]);
    await receipt('Pending', [{ amountPaise: paise(20000_00), date: '2026-12-02' }]);
    return { project, p1, p2, saleId, sale2 };
  };

  return { get, json, reportUrls, workedExample, emiExample };
}
