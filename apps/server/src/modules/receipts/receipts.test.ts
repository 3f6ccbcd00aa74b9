import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('payment receipts on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary, receipts, setStatus } = receiptHelpers(() => ({ t, acme, token, f }));

  it('answers the sale, the amounts received and pending, and the monthly amount of an EMI sale', async () => {
    // ₹ 1,00,000 on EMI: ₹ 10,000 advance, 3 months of ₹ 30,000.
    const s = await soldPlot({
      emi: { advancePaise: paise(10000_00), months: 3 },
      receipts: [
        { status: 'Completed', amountPaise: paise(10000_00), date: '2026-10-02' },
        { status: 'Pending', amountPaise: paise(30000_00), date: '2026-11-01' },
        { status: 'Cancelled', amountPaise: paise(30000_00), date: '2026-11-02' },
      ],
    });
    const expected = {
      projectId: s.projectId,
      plotId: s.plotId,
      isSold: true,
      saleId: s.saleId,
      saleAmount: 100000,
      transferFee: 0,
      paymentType: 'EMI',
      monthlyAmount: 30000,
      received: 10000,
      awaitingClearance: 30000,
      pendingBalance: 90000,
      tdsDue: 0,
      tdsReceived: 0,
      agreementDate: null,
      // Completed and Pending, before an agreement for sale (there is none): RERA s.13 counts them.
      receivedBeforeAgreement: 40000,
    };
    expect(await summary(s)).toEqual(expected);
    expect((await api('GET', `/api/payment/monthly/${s.plotId}`)).json()).toEqual(expected);
  });

  it('answers a full-payment sale with a monthly amount of 0, and an unsold plot as not sold', async () => {
    const s = await soldPlot();
    expect(await summary(s)).toMatchObject({ paymentType: 'Cash', monthlyAmount: 0, pendingBalance: 100000 });
    const unsold = (await api('GET', `/api/payment/pending/${s.unsoldPlotId}`)).json();
    expect(unsold).toMatchObject({ isSold: false, saleId: null, saleAmount: 0, paymentType: null, pendingBalance: 0 });
  });

  it('lowers the pending balance for a Completed receipt and answers it', async () => {
    const s = await soldPlot();
    const res = await pay(s, 'Completed', [
      line(s, { amount: 25000.5 }),
      line(s, { particular: 'Booking', amount: 5000 }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Payment saved successfully!',
      receiptId: expect.any(Number),
      receiptNo: expect.stringMatching(/^RCT\/\d\d-\d\d\/\d{5}$/),
      status: 'Completed',
      total: 30000.5,
      received: 30000.5,
      pendingBalance: 69999.5,
      // ₹ 30,000.50 in cash, all before an agreement for sale: the tax rules' warnings (sale-tax-cash.test.ts).
      warnings: [expect.stringMatching(/^Section 269SS/), expect.stringMatching(/^RERA section 13/)],
    });
    expect(await summary(s)).toMatchObject({ received: 30000.5, pendingBalance: 69999.5 });
  });

  it.each(['Pending', 'Cancelled'] as const)('keeps the pending balance for a %s receipt', async (status) => {
    const s = await soldPlot();
    const res = await pay(s, status, [line(s, { mode: 'Cheque', modeDetail: 'CHQ 001122', amount: 40000 })]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status, total: 40000, received: 0, pendingBalance: 100000 });
    expect(await summary(s)).toMatchObject({ received: 0, pendingBalance: 100000 });
  });

  it('lists the plot receipts newest first with their lines, status and partner', async () => {
    const s = await soldPlot();
    const first = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json();
    const second = (
      await pay(s, 'Pending', [
        line(s, {
          particular: 'Installment',
          mode: 'Cheque',
          modeDetail: 'CHQ 7',
          creditTo: 'SBI',
          modeDate: '2026-10-01',
        }),
      ])
    ).json();
    const list = await receipts(s);
    expect(
      list.map((r: { receiptId: number; status: string; total: number }) => [r.receiptId, r.status, r.total]),
    ).toEqual([
      [second.receiptId, 'Pending', 10000],
      [first.receiptId, 'Completed', 1000],
    ]);
    expect(list[0]).toMatchObject({ projectId: s.projectId, plotId: s.plotId, saleId: s.saleId, date: '2026-10-05' });
    expect(list[0].lines).toEqual([
      {
        receiptLineId: expect.any(Number),
        particular: 'Installment',
        date: '2026-10-05',
        mode: 'Cheque',
        modeDetail: 'CHQ 7',
        creditTo: 'SBI',
        modeDate: '2026-10-01',
        amount: 10000,
        partnerId: s.partnerId,
        partnerName: expect.stringMatching(/^Partner /),
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
      },
    ]);
    // The mode date defaults to the line's date.
    expect(list[1].lines[0].modeDate).toBe('2026-10-05');
  });

  it('lowers the pending balance when a Pending cheque is cleared', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 40000 })])).json();
    const res = await setStatus(receiptId, 'Completed');
    expect(res.statusCode).toBe(200);
    const { receiptNo } = res.json();
    expect(receiptNo).toMatch(/^RCT\/\d\d-\d\d\/\d{5}$/);
    expect(res.json()).toEqual({
      message: 'Receipt marked as cleared.',
      receiptId,
      receiptNo,
      status: 'Completed',
      total: 40000,
      received: 40000,
      pendingBalance: 60000,
    });
    expect(await summary(s)).toMatchObject({ received: 40000, awaitingClearance: 0, pendingBalance: 60000 });
  });

  it('keeps the pending balance when a Pending cheque bounces', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 40000 })])).json();
    const res = await setStatus(receiptId, 'Cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Receipt marked as cancelled.',
      status: 'Cancelled',
      pendingBalance: 100000,
    });
    expect(await summary(s)).toMatchObject({ received: 0, awaitingClearance: 0, pendingBalance: 100000 });
    expect((await receipts(s))[0].status).toBe('Cancelled');
  });

  it.each([
    ['Completed', 'Completed'],
    ['Completed', 'Cancelled'],
    ['Cancelled', 'Completed'],
    ['Cancelled', 'Cancelled'],
  ] as const)('refuses to change a %s receipt to %s', async (from, to) => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, from, [line(s, { amount: 5000 })])).json();
    const res = await setStatus(receiptId, to);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This receipt is already ${from}: only a Pending receipt can be cleared or cancelled.`,
    );
    expect((await receipts(s))[0].status).toBe(from);
  });

  it('refuses a status other than Completed or Cancelled', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s)])).json();
    const res = await setStatus(receiptId, 'Pending');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Status must be Completed or Cancelled');
  });

  it('refuses a receipt that would take received above the sale amount, and stores nothing', async () => {
    const s = await soldPlot({ receipts: [{ status: 'Completed', amountPaise: paise(90000_00), date: '2026-10-02' }] });
    const res = await pay(s, 'Completed', [line(s, { amount: 6000 }), line(s, { amount: 4000.01 })]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The receipt total ₹ 10,000.01 is more than the pending balance of ₹ 10,000.00: money received may not exceed the sale amount.',
    );
    // A Pending cheque for more than the balance could never be cleared, so it is refused too.
    expect((await pay(s, 'Pending', [line(s, { amount: 10000.01 })])).statusCode).toBe(409);
    expect(await receipts(s)).toHaveLength(1);
    // Exactly the balance is fine.
    const exact = await pay(s, 'Completed', [line(s, { amount: 10000 })]);
    expect(exact.json()).toMatchObject({ received: 100000, pendingBalance: 0 });
  });

  it('refuses to clear a cheque that would overpay', async () => {
    const s = await soldPlot();
    const cheque = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 60000 })])).json();
    expect((await pay(s, 'Completed', [line(s, { amount: 50000 })])).statusCode).toBe(201);
    const res = await setStatus(cheque.receiptId, 'Completed');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This receipt of ₹ 60,000.00 cannot be cleared: it is more than the pending balance of ₹ 50,000.00, and money received may not exceed the sale amount.',
    );
    expect(await summary(s)).toMatchObject({ received: 50000, awaitingClearance: 60000, pendingBalance: 50000 });
    // Bouncing it is still allowed.
    expect((await setStatus(cheque.receiptId, 'Cancelled')).statusCode).toBe(200);
  });
});
