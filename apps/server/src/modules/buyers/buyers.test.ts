import { describe, expect, it } from 'vitest';
import type { factories } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { salesSuite } from '../../../test/sales-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('buyers on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let globexToken: string;
  let f: ReturnType<typeof factories>;
  const { api } = salesSuite(engine, (v) => ({ t, acme, globex, globexToken, f } = v));
  let n = 0;
  /** A mobile no other test of the suite uses. */
  const mobile = () => {
    n += 1;
    return `97${String(engine.name.length).padStart(2, '0')}${String(n).padStart(6, '0')}`;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    api(method as 'GET' | 'POST', url, payload);
  const stored = (id: number) =>
    t.asTenant(acme, (tdb) => tdb.selectFrom('buyers').selectAll().where('id', '=', id).executeTakeFirstOrThrow());

  it('creates a buyer with co-buyers and a nominee (201) and answers it', async () => {
    const m = mobile();
    const res = await call('POST', '/api/buyer', {
      name: 'Rekha Patil',
      relativeName: 'Suresh Patil',
      mobile: m,
      email: 'Rekha@Example.com',
      address: 'Plot 4, Wardha Road\nNagpur',
      coBuyers: [{ name: 'Suresh Patil', relation: 'Husband', pan: 'bcdep2345q' }],
      nominee: { name: 'Anil Patil', relation: 'Son' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Rekha Patil',
      relativeName: 'Suresh Patil',
      mobile: `+91${m}`,
      email: 'rekha@example.com',
      coBuyers: [{ name: 'Suresh Patil', relation: 'Husband', pan: 'XXXXX2345X' }],
      nominee: { name: 'Anil Patil', relation: 'Son' },
      message: 'Buyer saved successfully!',
    });
  });

  it('refuses a second buyer with the same mobile (409 naming the first)', async () => {
    const m = mobile();
    const first = (await call('POST', '/api/buyer', { name: 'Mohan Rao', mobile: m })).json();
    const res = await call('POST', '/api/buyer', { name: 'Someone Else', mobile: `+91 ${m}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `A buyer with mobile +91 ${m.slice(0, 5)} ${m.slice(5)} already exists: Mohan Rao (buyer ${first.buyerId}). Choose that buyer instead.`,
    );
  });

  it('keeps one buyer when 10 clerks add the same mobile at once (one 201, the rest 409)', async () => {
    const m = mobile();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '/api/buyer', { name: `Racer ${i}`, mobile: m })),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const held = await t.asTenant(acme, (tdb) =>
      tdb.selectFrom('buyers').select('id').where('mobile', '=', `+91${m}`).execute(),
    );
    expect(held).toHaveLength(1);
  });

  it('refuses an edit giving a buyer another buyer’s mobile (409)', async () => {
    const m = mobile();
    await call('POST', '/api/buyer', { name: 'Holder', mobile: m });
    const other = (await call('POST', '/api/buyer', { name: 'Other', mobile: mobile() })).json();
    const res = await call('PUT', `/api/buyer/${other.buyerId}`, { name: 'Other', mobile: m });
    expect(res.statusCode).toBe(409);
  });

  it('finds buyers by name or by mobile as typed', async () => {
    const m = mobile();
    const made = (await call('POST', '/api/buyer', { name: 'Zubin Kharkar', mobile: m })).json();
    const byName = await call('GET', '/api/buyer?q=zubin');
    expect(byName.json().map((b: { buyerId: number }) => b.buyerId)).toEqual([made.buyerId]);
    const byMobile = await call('GET', `/api/buyer?q=${encodeURIComponent(`${m.slice(0, 5)} ${m.slice(5)}`)}`);
    expect(byMobile.json().map((b: { buyerId: number }) => b.buyerId)).toEqual([made.buyerId]);
    expect(byMobile.headers['x-total-count']).toBe('1');
  });

  it('pages the list with a Link to the next page', async () => {
    for (let i = 0; i < 3; i += 1) await call('POST', '/api/buyer', { name: `Pager ${i}` });
    const first = await call('GET', '/api/buyer?q=Pager&limit=2');
    expect(first.json().map((b: { name: string }) => b.name)).toEqual(['Pager 0', 'Pager 1']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await call('GET', next);
    expect(second.json().map((b: { name: string }) => b.name)).toEqual(['Pager 2']);
  });

  it('masks the PAN for a user and shows it to a tenant admin', async () => {
    const made = (await call('POST', '/api/buyer', { name: 'Pan Holder', pan: 'ABCDE1234F' })).json();
    expect(made.pan).toBe('XXXXX1234X');
    const adminToken = await t.userToken(acme, 'TENANT_ADMIN', `admin-${engine.name}@acme.test`);
    const asAdmin = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/buyer/${made.buyerId}`,
      token: adminToken,
    });
    expect(asAdmin.json().pan).toBe('ABCDE1234F');
    expect((await stored(made.buyerId)).pan).toBe('ABCDE1234F');
  });

  it('refuses a PAN that is not AAAAA9999A (400 naming the field)', async () => {
    const res = await call('POST', '/api/buyer', { name: 'Bad Pan', pan: 'ABCD1234F' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.pan).toBe('Enter a valid PAN, e.g. ABCDE1234F');
  });

  it('stores only the last 4 digits of the Aadhaar number', async () => {
    const made = (await call('POST', '/api/buyer', { name: 'Aadhaar Holder', aadhaar: '2345 6789 0123' })).json();
    expect(made.aadhaar).toBe('XXXX XXXX 0123');
    const row = await stored(made.buyerId);
    expect(row.aadhaar_last4).toBe('0123');
    expect(JSON.stringify(row)).not.toContain('23456789');
  });

  it('keeps PAN and Aadhaar when an edit leaves them out', async () => {
    const made = (
      await call('POST', '/api/buyer', { name: 'Keep', pan: 'ABCDE1234F', aadhaar: '234567890123' })
    ).json();
    const res = await call('PUT', `/api/buyer/${made.buyerId}`, { name: 'Kept Name' });
    expect(res.statusCode).toBe(200);
    const row = await stored(made.buyerId);
    expect([row.name, row.pan, row.aadhaar_last4]).toEqual(['Kept Name', 'ABCDE1234F', '0123']);
  });

  it('keeps the stored PANs when an edit sends back the masked ones it was shown', async () => {
    const made = (
      await call('POST', '/api/buyer', {
        name: 'Masked',
        pan: 'ABCDE1234F',
        coBuyers: [{ name: 'Co', pan: 'BCDEF2345G' }],
      })
    ).json();
    const res = await call('PUT', `/api/buyer/${made.buyerId}`, {
      name: 'Masked',
      pan: made.pan,
      coBuyers: made.coBuyers,
    });
    expect(res.statusCode).toBe(200);
    const row = await stored(made.buyerId);
    expect([row.pan, row.co_buyers[0]?.pan]).toEqual(['ABCDE1234F', 'BCDEF2345G']);
  });

  it('answers 404 for another company’s buyer', async () => {
    const theirs = await t.call(globex.tenantId, {
      method: 'POST',
      url: '/api/buyer',
      token: globexToken,
      payload: { name: 'Globex Buyer' },
    });
    const id = theirs.json().buyerId;
    expect((await call('GET', `/api/buyer/${id + 100000}`)).statusCode).toBe(404);
    const res = await call('PUT', `/api/buyer/${id}`, { name: 'Taken over' });
    // acme has its own buyer ids; an id of globex's that acme lacks is 404 in acme.
    const acmeHas = await t.asTenant(acme, (tdb) =>
      tdb.selectFrom('buyers').select('id').where('id', '=', id).executeTakeFirst(),
    );
    if (!acmeHas) expect(res.statusCode).toBe(404);
    const plot = await f.plot();
    const sale = await call('POST', '/api/sale', { ...saleOf(plot), buyerId: 2_000_000 });
    expect(sale.statusCode).toBe(404);
    expect(sale.json().message).toBe('Buyer not found.');
  });

  const saleOf = (plot: { projectId: number; plotId: number }) => ({
    projectId: plot.projectId,
    plotId: plot.plotId,
    saleDate: '2026-03-05',
    saleAmount: 800000,
    paymentType: 'Cash',
  });

  it('sells to a buyer by id and lists the sale on the buyer with what is owed', async () => {
    const buyer = (await call('POST', '/api/buyer', { name: 'Two Plots', mobile: mobile() })).json();
    const [a, b] = [await f.plot(), await f.plot()];
    const sale = await call('POST', '/api/sale', { ...saleOf(a as never), buyerId: buyer.buyerId });
    expect(sale.statusCode).toBe(201);
    expect(sale.json()).toMatchObject({ buyerId: buyer.buyerId, buyerName: 'Two Plots' });
    await call('POST', '/api/sale', { ...saleOf(b as never), saleAmount: 500000, buyerId: buyer.buyerId });
    await f.receipt({
      projectId: (a as { projectId: number }).projectId,
      plotId: (a as { plotId: number }).plotId,
      saleId: sale.json().saleId,
      status: 'Completed',
      lines: [{ amountPaise: 100000_00 as never, date: '2026-03-06', particular: 'Advance' }],
    });
    const detail = (await call('GET', `/api/buyer/${buyer.buyerId}`)).json();
    expect(detail.sales).toHaveLength(2);
    const first = detail.sales.find((s: { saleId: number }) => s.saleId === sale.json().saleId);
    expect(first).toMatchObject({
      saleAmount: 800000,
      received: 100000,
      pending: 700000,
      status: 'Active',
      refund: 0,
      retained: 0,
      refundStatus: null,
    });
    expect([detail.received, detail.pending]).toEqual([100000, 1200000]);
  });

  it('shows on a cancelled sale of the buyer the refund, its state and what was kept', async () => {
    const buyer = (await call('POST', '/api/buyer', { name: 'Cancelled Buyer', mobile: mobile() })).json();
    const plot = (await f.plot()) as { projectId: number; plotId: number };
    const sale = (await call('POST', '/api/sale', { ...saleOf(plot), buyerId: buyer.buyerId })).json();
    await f.receipt({
      projectId: plot.projectId,
      plotId: plot.plotId,
      saleId: sale.saleId,
      status: 'Completed',
      lines: [{ amountPaise: 200000_00 as never, date: '2026-03-06', particular: 'Advance' }],
    });
    const res = await call('POST', `/api/sale/${sale.saleId}/cancel`, {
      date: '2026-04-01',
      reason: 'Buyer withdrew',
      refundAmount: 150000,
      refundMode: 'Cheque',
      modeDetail: 'CHQ 778899',
      retainedAmount: 50000,
    });
    expect(res.statusCode).toBeLessThan(300);
    const detail = (await call('GET', `/api/buyer/${buyer.buyerId}`)).json();
    expect(detail.sales).toEqual([
      expect.objectContaining({
        status: 'Cancelled',
        received: 200000,
        pending: 0,
        refund: 150000,
        retained: 50000,
        refundStatus: 'Pending',
      }),
    ]);
  });

  it('finds the buyer by mobile when a sale sends a name and a known mobile', async () => {
    const m = mobile();
    const buyer = (await call('POST', '/api/buyer', { name: 'Known', mobile: m })).json();
    const res = await call('POST', '/api/sale', { ...saleOf(await f.plot()), buyerName: 'Known B.', buyerMobile: m });
    expect(res.json().buyerId).toBe(buyer.buyerId);
    expect(res.json().buyerName).toBe('Known B.');
  });

  it('creates the buyer when a sale sends a name and a new mobile', async () => {
    const m = mobile();
    const res = await call('POST', '/api/sale', { ...saleOf(await f.plot()), buyerName: 'Fresh', buyerMobile: m });
    const buyer = (await call('GET', `/api/buyer/${res.json().buyerId}`)).json();
    expect([buyer.name, buyer.mobile]).toEqual(['Fresh', `+91${m}`]);
  });

  it('records the buyer a sale creates in the trail, beside the sale', async () => {
    const m = mobile();
    const res = await call('POST', '/api/sale', { ...saleOf(await f.plot()), buyerName: 'Trailed', buyerMobile: m });
    const rows = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('audit_trail')
        .select(['entity', 'entity_id', 'action'])
        .where('request_id', 'is not', null)
        .orderBy('id', 'desc')
        .limit(2)
        .execute(),
    );
    expect(rows.map((r) => [r.entity, Number(r.entity_id), r.action]).sort()).toEqual(
      [
        ['buyer', res.json().buyerId, 'create'],
        ['sale', res.json().saleId, 'create'],
      ].sort(),
    );
  });

  it('creates a buyer with a co-buyer sent whole with the sale', async () => {
    const res = await call('POST', '/api/sale', {
      ...saleOf(await f.plot()),
      buyer: { name: 'Inline', mobile: mobile(), coBuyers: [{ name: 'Co', relation: 'Wife' }] },
    });
    expect(res.statusCode).toBe(201);
    const buyer = (await call('GET', `/api/buyer/${res.json().buyerId}`)).json();
    expect(buyer.coBuyers).toEqual([{ name: 'Co', relation: 'Wife', pan: null }]);
    expect(buyer.sales.map((s: { saleId: number }) => s.saleId)).toEqual([res.json().saleId]);
  });

  it('sells with no buyer when a sale sends none', async () => {
    const res = await call('POST', '/api/sale', saleOf(await f.plot()));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ buyerId: null, buyerName: null, buyerMobile: null });
  });
});
