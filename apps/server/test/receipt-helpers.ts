import { paise } from '@plotbook/domain';
import type { TenantRecord } from '../src/db/tenancy.js';
import type { factories } from './factories.js';
import type { TestContext } from './helpers.js';

type Status = 'Pending' | 'Completed' | 'Cancelled';

/**
 * What the receipt suites (modules/receipts/receipts*.test.ts) share: a sold plot of the test's own, and the receipt
 * API as the suite's user.
 */
export function receiptHelpers(
  suite: () => { t: TestContext; acme: TenantRecord; token: string; f: ReturnType<typeof factories> },
) {
  /** A project of the test's own with a partner and its first plot sold for ₹ 1,00,000 (unless told otherwise). */
  const soldPlot = async (sale: Partial<Parameters<ReturnType<typeof factories>['sale']>[0]> = {}) => {
    const { f } = suite();
    const project = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId: project.projectId });
    const [plot, unsold] = project.plots as unknown as [{ plotId: number }, { plotId: number }];
    const { saleId, receiptIds } = await f.sale({
      projectId: project.projectId,
      plotId: plot.plotId,
      amountPaise: paise(100000_00),
      ...sale,
    });
    return {
      projectId: project.projectId,
      plotId: plot.plotId,
      unsoldPlotId: unsold.plotId,
      partnerId,
      saleId,
      receiptIds,
    };
  };
  type Sold = Awaited<ReturnType<typeof soldPlot>>;

  const line = (s: Sold, change: object = {}) => ({
    particular: 'Advance',
    date: '2026-10-05',
    mode: 'Cash',
    amount: 10000,
    partnerId: s.partnerId,
    ...change,
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers?: Record<string, string>) => {
    const { t, acme, token } = suite();
    return t.call(acme.tenantId, { method, url, token, headers, ...(payload ? { payload: payload as object } : {}) });
  };

  const pay = (s: Sold, status: Status, lines: object[], headers?: Record<string, string>) =>
    api('POST', '/api/payment', { projectId: s.projectId, plotId: s.plotId, status, payments: lines }, headers);

  const summary = async (s: Sold) => (await api('GET', `/api/payment/pending/${s.plotId}`)).json();

  const receipts = async (s: Sold) => (await api('GET', `/api/payment/plot/${s.plotId}`)).json();

  const setStatus = (receiptId: number, status: string, headers?: Record<string, string>) =>
    api('PUT', `/api/payment/${receiptId}/status`, { status }, headers);

  return { soldPlot, line, api, pay, summary, receipts, setStatus };
}
