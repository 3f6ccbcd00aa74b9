import { paise, VOID_REASON_REQUIRED } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { correctionsOf } from '../../../test/voids.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** A voided payout (issue 19) stays, listed only when asked, and leaves Payment To Partner and the reports. */
describe.each(engines)('voided payouts on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token, on = acme) =>
    t.call(on.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });

  /**
   * A project whose one partner, Asha, paid its ₹ 1,000 land; its plot sold for ₹ 3,000, so she is due ₹ 3,000
   * (investment + all the profit), and is paid out ₹ 400 and ₹ 100.
   */
  async function paid() {
    const project = await f.project({ plots: 1 });
    const asha = await f.partner({ projectId: project.projectId, share: 100, name: 'Asha' });
    await f.purchase({ projectId: project.projectId, partnerId: asha, amount: 1000 });
    const plotId = project.plots[0]?.plotId as number;
    await f.sale({ projectId: project.projectId, plotId, amountPaise: paise(3000_00) });
    const ids: number[] = [];
    for (const amount of [400, 100]) {
      const res = await call('POST', '/api/partner-payout', {
        projectId: project.projectId,
        partnerId: asha,
        date: '2026-11-01',
        mode: 'Cash',
        amount,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().payoutId);
    }
    return { projectId: project.projectId, asha, ids: ids as [number, number] };
  }
  const summary = async (projectId: number) =>
    (await call('GET', `/api/payment/partners-summary?projectId=${projectId}`)).json()[0];

  it('voids a payout: the due goes back up, the list leaves it out unless asked, one trail row', async () => {
    const { projectId, ids } = await paid();
    expect(await summary(projectId)).toMatchObject({ received: 500, due: 2500 });
    const missing = await call('POST', `/api/partner-payout/${ids[0]}/void`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: VOID_REASON_REQUIRED, fields: { reason: VOID_REASON_REQUIRED } });
    const voided = await call('POST', `/api/partner-payout/${ids[0]}/void`, { reason: 'Cheque never sent' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toEqual({ message: 'Payout voided.' });
    expect(await summary(projectId)).toMatchObject({ received: 100, due: 2900 });

    const live = await call('GET', `/api/partner-payout?projectId=${projectId}`);
    expect(live.json().map((p: { payoutId: number }) => p.payoutId)).toEqual([ids[1]]);
    expect(live.headers['x-total-amount']).toBe('100.00');
    const all = (await call('GET', `/api/partner-payout?projectId=${projectId}&voided=include`)).json();
    expect(all.map((p: { payoutId: number }) => p.payoutId)).toEqual([ids[0], ids[1]]);
    expect(all[0]).toMatchObject({ amount: 400, voidedBy: 'Test USER', voidReason: 'Cheque never sent' });
    expect(all[1]).toMatchObject({ voidedAt: null, voidedBy: null, voidReason: null });

    const again = await call('POST', `/api/partner-payout/${ids[0]}/void`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This payout is already voided.' });
    expect((await correctionsOf(t, acme, 'payout', ids[0])).map((r) => [r.action, r.reason, r.changes])).toEqual([
      ['void', 'Cheque never sent', { voided: [false, true] }],
    ]);
  });

  it('lets an admin void too; the due the void gives back can be paid out (₹ 2,600 > the ₹ 2,500 due before)', async () => {
    const { projectId, asha, ids } = await paid();
    const admin = await t.userToken(acme, 'TENANT_ADMIN');
    expect((await call('POST', `/api/partner-payout/${ids[1]}/void`, { reason: 'Duplicate' }, admin)).statusCode).toBe(
      200,
    );
    const payout = { projectId, partnerId: asha, date: '2026-11-02', mode: 'Cash', amount: 2600 };
    expect((await call('POST', '/api/partner-payout', payout)).statusCode).toBe(201);
    expect(await summary(projectId)).toMatchObject({ received: 3000, due: 0 });
  });

  it("answers 404 for another company's payout and one that does not exist, and leaves it alone", async () => {
    const { projectId, ids } = await paid();
    expect(
      (await call('POST', `/api/partner-payout/${ids[0]}/void`, { reason: 'x' }, globexToken, globex)).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/partner-payout/424242/void', { reason: 'x' })).statusCode).toBe(404);
    expect(await summary(projectId)).toMatchObject({ received: 500 });
    expect((await call('POST', `/api/partner-payout/${ids[0]}/void`, { reason: 'x' }, '')).statusCode).toBe(401);
  });
});
