import { describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers.js';
import { transferSuite } from '../../../test/transfer-suite.js';

describe.each(engines)('sale transfers on $name', (engine) => {
  const { s, api, buyer, sold, pay, transfer } = transferSuite(engine);

  it('moves the sale, its schedule, receipts and balance to the new buyer', async () => {
    const sale = await sold('Sunita Deshmukh');
    expect((await pay(sale, 100000)).statusCode).toBe(201);
    const before = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    const ravi = await buyer('Ravi Kulkarni');

    const res = await transfer(sale.saleId, { toBuyerId: ravi, reason: 'Sold on to a relative' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Sale transferred. Plot P1 now belongs to Ravi Kulkarni.',
      owed: 500000,
      received: 100000,
      pending: 400000,
      transferFeeDue: 0,
      transfer: {
        saleId: sale.saleId,
        fromBuyerId: sale.fromBuyerId,
        fromBuyerName: 'Sunita Deshmukh',
        toBuyerId: ravi,
      },
    });

    const after = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    expect(after.installments).toEqual(before.installments);
    expect(after).toMatchObject({
      buyerName: 'Ravi Kulkarni',
      status: 'Transferred',
      received: 100000,
      pending: 400000,
    });
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row).toMatchObject({
      saleId: sale.saleId,
      status: 'Transferred',
      buyerName: 'Ravi Kulkarni',
      pending: 400000,
    });
    const receipts = (await api('GET', `/api/payment/plot/${sale.plotId}`)).json();
    expect(receipts).toHaveLength(1);
    expect(receipts[0].saleId ?? sale.saleId).toBe(sale.saleId);
  });

  it("shows the sale on the new buyer's page with the same money, and the hand-over on both pages", async () => {
    const sale = await sold('Sunita Deshmukh');
    await pay(sale, 100000);
    const ravi = await buyer('Ravi Kulkarni');
    await transfer(sale.saleId, { toBuyerId: ravi });

    const to = (await api('GET', `/api/buyer/${ravi}`)).json();
    expect(to.sales).toEqual([expect.objectContaining({ saleId: sale.saleId, received: 100000, pending: 400000 })]);
    expect(to.transfers).toEqual([
      expect.objectContaining({ saleId: sale.saleId, fromBuyerName: 'Sunita Deshmukh', toBuyerName: 'Ravi Kulkarni' }),
    ]);
    const from = (await api('GET', `/api/buyer/${sale.fromBuyerId}`)).json();
    expect(from.sales.map((x: { saleId: number }) => x.saleId)).not.toContain(sale.saleId);
    expect(from.transfers).toEqual([
      expect.objectContaining({
        saleId: sale.saleId,
        toBuyerId: ravi,
        toBuyerName: 'Ravi Kulkarni',
        date: '2026-11-05',
      }),
    ]);
  });

  it('adds the fees of successive transfers, and the middle buyer sees both hand-overs', async () => {
    const sale = await sold('Sunita Deshmukh');
    const ravi = await buyer('Ravi Kulkarni');
    const meera = await buyer('Meera Joshi');
    expect((await transfer(sale.saleId, { toBuyerId: ravi, transferFee: 100 })).statusCode).toBe(201);
    const second = await transfer(sale.saleId, { toBuyerId: meera, transferFee: 200.5, date: '2026-12-01' });
    expect(second.json()).toMatchObject({ owed: 500300.5, pending: 500300.5, transferFeeDue: 300.5 });
    const middle = (await api('GET', `/api/buyer/${ravi}`)).json();
    expect(middle.sales).toEqual([]);
    expect(
      middle.transfers.map((x: { fromBuyerName: string; toBuyerName: string }) => [x.fromBuyerName, x.toBuyerName]),
    ).toEqual([
      ['Ravi Kulkarni', 'Meera Joshi'],
      ['Sunita Deshmukh', 'Ravi Kulkarni'],
    ]);
    const last = (await api('GET', `/api/buyer/${meera}`)).json();
    expect(last.sales).toEqual([
      expect.objectContaining({ saleId: sale.saleId, transferFee: 300.5, pending: 500300.5 }),
    ]);
  });

  it('transfers a sale that named no buyer record (from is none)', async () => {
    const project = await s.f.project({ plots: 1 });
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const { saleId } = await s.f.sale({ projectId: project.projectId, plotId });
    const ravi = await buyer('Ravi Kulkarni');
    const res = await transfer(saleId, { toBuyerId: ravi });
    expect(res.statusCode).toBe(201);
    expect(res.json().transfer).toMatchObject({ fromBuyerId: null, fromBuyerName: null, toBuyerId: ravi });
  });

  it('refuses to transfer a sale to the buyer who already holds it (409)', async () => {
    const sale = await sold();
    const res = await transfer(sale.saleId, { toBuyerId: sale.fromBuyerId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This sale already belongs to Sunita Deshmukh: choose another buyer.');
  });

  it('refuses a registered plot (409) and changes nothing', async () => {
    const sale = await sold();
    await s.f.registration({ plotId: sale.plotId });
    const res = await transfer(sale.saleId, { toBuyerId: await buyer('Ravi Kulkarni'), transferFee: 1000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Plot P1 is registered: a registered plot cannot be transferred.');
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row).toMatchObject({ status: 'Active', buyerName: 'Sunita Deshmukh', transferFee: 0, pending: 500000 });
  });

  it('refuses a cancelled sale (409)', async () => {
    const sale = await sold();
    const cancelled = await api('POST', `/api/sale/${sale.saleId}/cancel`, {
      date: '2026-11-05',
      reason: 'Buyer withdrew',
      refundAmount: 0,
      refundMode: 'Cash',
      modeDetail: '',
      retainedAmount: 0,
    });
    expect(cancelled.statusCode).toBe(201);
    const res = await transfer(sale.saleId, { toBuyerId: await buyer('Ravi Kulkarni') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This sale is cancelled: only an active sale can be transferred.');
  });

  it("answers 404 for another company's sale or buyer", async () => {
    const sale = await sold();
    const ravi = await buyer('Ravi Kulkarni');
    const theirs = await s.t.call(s.globex.tenantId, {
      method: 'POST',
      url: `/api/sale/${sale.saleId}/transfer`,
      token: s.globexToken,
      payload: { date: '2026-11-05', toBuyerId: ravi, transferFee: 0, reason: 'x' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Sale not found.');
    // Each company has its own buyers (its own schema): an id no buyer of acme has is not found, whoever holds it.
    const res = await transfer(sale.saleId, { toBuyerId: 2_000_000 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Buyer not found.');
  });

  it('refuses a transfer without a reason or dated before the sale (400)', async () => {
    const sale = await sold();
    const ravi = await buyer('Ravi Kulkarni');
    const blank = await transfer(sale.saleId, { toBuyerId: ravi, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Give a reason for this transfer');
    const early = await transfer(sale.saleId, { toBuyerId: ravi, date: '2026-09-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('The transfer date is before the sale date 02/10/2026.');
  });

  it('answers a double submit once (same Idempotency-Key)', async () => {
    const sale = await sold();
    const ravi = await buyer('Ravi Kulkarni');
    const headers = { 'idempotency-key': `transfer-${sale.saleId}` };
    const first = await transfer(sale.saleId, { toBuyerId: ravi, transferFee: 500 }, headers);
    const again = await transfer(sale.saleId, { toBuyerId: ravi, transferFee: 500 }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row.transferFee).toBe(500);
  });

  it('of 20 transfers of one sale to one buyer at once, one moves it and the rest find it moved (409)', async () => {
    const sale = await sold();
    const ravi = await buyer('Ravi Kulkarni');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => transfer(sale.saleId, { toBuyerId: ravi, transferFee: 100 })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [row] = (await api('GET', `/api/sale/project/${sale.projectId}`)).json();
    expect(row).toMatchObject({ transferFee: 100, buyerName: 'Ravi Kulkarni', pending: 500100 });
  });
});
