import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** PUT /api/sale/{saleId}: a sale corrected with a reason, its schedule rebuilt around the money received. */
describe.each(engines)('sale corrections on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let globex: TenantRecord;
  let globexToken: string;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });
  const { soldPlot, line, api, pay } = receiptHelpers(() => ({ t, acme, token, f }));

  /** The sale as corrected: ₹ 1,00,000 on EMI over 4 months from 01/11/2026 unless told otherwise. */
  const correction = (change: object = {}) => ({
    saleDate: '2026-10-02',
    saleAmount: 100000,
    paymentType: 'EMI',
    advanceAmount: 0,
    visarpawatiAmount: 0,
    emiDuration: 4,
    emiDate: '2026-11-01',
    reason: 'Buyer asked for a longer schedule',
    ...change,
  });
  const correct = (saleId: number, body: object) => api('PUT', `/api/sale/${saleId}`, body);
  const schedule = async (saleId: number) => (await api('GET', `/api/sale/${saleId}/schedule`)).json();
  const installment = (s: Awaited<ReturnType<typeof soldPlot>>, amount: number) =>
    pay(s, 'Completed', [line(s, { particular: 'Installment', amount, date: '2026-11-05' })]);

  it('keeps paid installments paid when the schedule is rebuilt: received money pays the oldest first', async () => {
    // ₹ 1,00,000 over 4 months (₹ 25,000 each); two installments received.
    const s = await soldPlot({ emi: { months: 4 } });
    expect((await installment(s, 25000)).statusCode).toBe(201);
    expect((await installment(s, 25000)).statusCode).toBe(201);
    const res = await correct(s.saleId, correction({ saleAmount: 150000, emiDuration: 6 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sale corrected.', saleAmount: 150000, emiTotal: 150000 });
    const after = await schedule(s.saleId);
    expect(after).toMatchObject({ saleAmount: 150000, received: 50000, pending: 100000, emiDuration: 6 });
    expect(after.installments.map((i: { amount: number; paid: number }) => [i.amount, i.paid])).toEqual([
      [25000, 25000],
      [25000, 25000],
      [25000, 0],
      [25000, 0],
      [25000, 0],
      [25000, 0],
    ]);
    expect(after.installments.slice(0, 2).map((i: { state: string }) => i.state)).toEqual(['paid', 'paid']);
  });

  it('refuses a sale amount below what has been received, naming it (409)', async () => {
    const s = await soldPlot();
    expect((await pay(s, 'Completed', [line(s, { amount: 60000 })])).statusCode).toBe(201);
    const res = await correct(s.saleId, { saleAmount: 50000, paymentType: 'Cash', reason: 'Discount' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '₹ 60,000.00 has already been received on this sale: the sale amount cannot be less than ₹ 60,000.00.',
    );
    expect((await schedule(s.saleId)).saleAmount).toBe(100000);
  });

  it('refuses a correction without a reason (400 on reason)', async () => {
    const s = await soldPlot();
    for (const reason of [undefined, '', '   ']) {
      const res = await correct(s.saleId, { saleAmount: 90000, paymentType: 'Cash', reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ reason: 'Give a reason for correcting this sale' });
    }
  });

  it('applies the sale form’s EMI rules (400 at the field)', async () => {
    const s = await soldPlot({ emi: { months: 4 } });
    const res = await correct(s.saleId, correction({ advanceAmount: 90000, visarpawatiAmount: 20000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      advanceAmount: 'Advance and visarpawati together cannot exceed the sale amount.',
    });
    const early = await correct(s.saleId, correction({ emiDate: '2026-09-01' }));
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toMatchObject({ emiDate: 'EMI date cannot be before the plot sale month.' });
  });

  it('answers 404 for another company’s sale, and for no sale at all', async () => {
    const s = await soldPlot();
    const other = await t.call(globex.tenantId, {
      method: 'PUT',
      url: `/api/sale/${s.saleId}`,
      token: globexToken,
      payload: { saleAmount: 90000, paymentType: 'Cash', reason: 'Typo' },
    });
    expect(other.statusCode).toBe(404);
    const none = await correct(999999, { saleAmount: 90000, paymentType: 'Cash', reason: 'Typo' });
    expect(none.statusCode).toBe(404);
  });

  it('refuses correcting the sale of a registered plot (409)', async () => {
    const s = await soldPlot();
    await f.registration({ plotId: s.plotId });
    const res = await correct(s.saleId, { saleAmount: 120000, paymentType: 'Cash', reason: 'Typo' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is registered: its sale can no longer be corrected\.$/);
  });

  it('refuses turning an EMI sale with installments received into a Full Payment sale (409)', async () => {
    const s = await soldPlot({ emi: { months: 4 } });
    expect((await installment(s, 25000)).statusCode).toBe(201);
    const res = await correct(s.saleId, { saleAmount: 100000, paymentType: 'Cash', reason: 'Paid in full' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^₹ 25,000\.00 has been received as installments/);
  });

  it('refuses a sale date after the sale’s first receipt (409), and keeps the date when none is sent', async () => {
    const s = await soldPlot();
    expect((await pay(s, 'Completed', [line(s, { date: '2026-10-05' })])).statusCode).toBe(201);
    const late = await correct(s.saleId, {
      saleDate: '2026-10-06',
      saleAmount: 100000,
      paymentType: 'Cash',
      reason: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A receipt of this sale is dated 05/10/2026: the sale date cannot be after it.');
    const kept = await correct(s.saleId, { saleAmount: 120000, paymentType: 'Cash', reason: 'Rate agreed later' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ saleDate: '2026-10-02', saleAmount: 120000 });
  });

  it('records one trail row with the changed fields and the reason', async () => {
    const s = await soldPlot();
    await correct(s.saleId, { saleAmount: 110000, paymentType: 'Cash', reason: 'Corner plot premium' });
    const trail = (await api('GET', `/api/audit?entity=sale&entityId=${s.saleId}`)).json();
    const rows = trail.items ?? trail;
    expect(rows[0]).toMatchObject({ action: 'update', reason: 'Corner plot premium' });
  });

  it('refuses a lower amount that would leave a paid partner paid more than is due to them (409)', async () => {
    // One partner with the whole share of a ₹ 1,00,000 sale and no costs: ₹ 1,00,000 due, all of it paid out.
    const project = await f.project({ plots: 1 });
    const partnerId = await f.partner({ projectId: project.projectId, share: 100 });
    const plotId = project.plots[0]?.plotId as number;
    const { saleId } = await f.sale({ projectId: project.projectId, plotId, amountPaise: paise(100000_00) });
    const payout = { projectId: project.projectId, partnerId, date: '2026-11-01', mode: 'Cash', amount: 100000 };
    expect((await api('POST', '/api/partner-payout', payout)).statusCode).toBe(201);
    const res = await correct(saleId, { saleAmount: 90000, paymentType: 'Cash', reason: 'Discount' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Correcting this sale would leave Partner \d+ paid ₹ 10,000\.00 more/);
  });

  it('leaves a consistent schedule after ten corrections at once: Σ installments = EMI total', async () => {
    const s = await soldPlot({ emi: { months: 4 }, amountPaise: paise(100000_00) });
    expect((await installment(s, 30000)).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        correct(s.saleId, correction({ saleAmount: 100000 + i * 1000, emiDuration: 3 + i })),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const stored = await t.asTenant(acme, async (tdb) => ({
      sale: await tdb
        .selectFrom('sales')
        .select(['emi_total_paise', 'emi_duration'])
        .where('id', '=', s.saleId)
        .executeTakeFirstOrThrow(),
      installments: await tdb
        .selectFrom('emi_installments')
        .select(['installment_no', 'amount_paise', 'paid_paise'])
        .where('sale_id', '=', s.saleId)
        .orderBy('installment_no')
        .execute(),
    }));
    const sum = stored.installments.reduce((n, i) => n + Number(i.amount_paise), 0);
    expect(sum).toBe(Number(stored.sale.emi_total_paise));
    expect(stored.installments.map((i) => i.installment_no)).toEqual(
      Array.from({ length: stored.sale.emi_duration ?? 0 }, (_, i) => i + 1),
    );
    expect(stored.installments.reduce((n, i) => n + Number(i.paid_paise), 0)).toBe(30000_00);
  });
});
