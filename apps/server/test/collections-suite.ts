import { type Paise, paise } from '@plotbook/domain';
import type { TenantRecord } from '../src/db/tenancy.js';
import { factories } from './factories.js';
import type { TestContext } from './helpers.js';

/**
 * The worked example of Collections (issue 22), built through the API in a company:
 * - Green Acres plot P1, Asha Patil (asha@example.com): 12 installments of ₹ 10,000 due on the 10th from
 *   10 Feb 2026; ₹ 25,000 of installment money received, which pays installments 1 and 2 and ₹ 5,000 of 3;
 * - Sunrise Meadows plot P1, Ravi Kale (no email): 6 installments of ₹ 20,000 due on the 1st from 1 Jan 2026,
 *   nothing paid.
 * On 15 Jun 2026: P1's installment 3 is 66 days late (₹ 5,000 due), 4 is 36 (₹ 10,000), 5 is 5 (₹ 10,000);
 * Ravi's 1–6 are 165, 134, 106, 75, 45 and 14 days late (₹ 20,000 each). Buckets: 1–30: 2, ₹ 30,000; 31–60: 2,
 * ₹ 30,000; 61–90: 2, ₹ 25,000; 90+: 3, ₹ 60,000; overall 9, ₹ 1,45,000.
 */
export async function workedExample(t: TestContext, tenant: TenantRecord, token: string) {
  const f = factories(t, tenant, token);
  const green = await f.project({ name: `Green Acres ${t.prefix}`, plots: 2 });
  const sunrise = await f.project({ name: `Sunrise Meadows ${t.prefix}`, plots: 1 });
  const sale = async (body: object) => {
    const res = await t.call(tenant.tenantId, { method: 'POST', url: '/api/sale', token, payload: body });
    if (res.statusCode !== 201) throw new Error(`sale: ${res.statusCode} ${res.body}`);
    return res.json() as { saleId: number };
  };
  const plotOf = (p: typeof green, i = 0) => p.plots[i] as { plotId: number; plotName: string };
  const mobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const asha = await sale({
    projectId: green.projectId,
    plotId: plotOf(green).plotId,
    saleDate: '2026-01-05',
    saleAmount: 130000,
    paymentType: 'EMI',
    advanceAmount: 10000,
    visarpawatiAmount: 0,
    emiTotal: 120000,
    emiDuration: 12,
    monthlyAmount: 10000,
    emiDate: '2026-02-10',
    buyer: { name: 'Asha Patil', mobile: mobile(), email: `asha-${tenant.tenantId}@example.com` },
  });
  await f.receipt({
    projectId: green.projectId,
    plotId: plotOf(green).plotId,
    saleId: asha.saleId,
    status: 'Completed',
    lines: [{ amountPaise: paise(25000_00) as Paise, date: '2026-04-01' }],
  });
  const ravi = await sale({
    projectId: sunrise.projectId,
    plotId: plotOf(sunrise).plotId,
    saleDate: '2025-12-20',
    saleAmount: 120000,
    paymentType: 'EMI',
    advanceAmount: 0,
    visarpawatiAmount: 0,
    emiTotal: 120000,
    emiDuration: 6,
    monthlyAmount: 20000,
    emiDate: '2026-01-01',
    buyer: { name: 'Ravi Kale', mobile: mobile() },
  });
  return { green, sunrise, asha, ravi, ashaEmail: `asha-${tenant.tenantId}@example.com`, f };
}

/** 15 Jun 2026, 11:30 in India: the example's "today". */
export const JUNE_15 = Date.parse('2026-06-15T06:00:00Z');

/** Collection settings with late-payment interest on: 18 % a year after 10 days' grace, automatic reminders off. */
export const LATE_INTEREST_ON = {
  lateInterestEnabled: true,
  lateInterestRate: 18,
  graceDays: 10,
  autoRemindersEnabled: false,
  remindDaysBefore: 3,
  remindDaysAfter: 7,
};
