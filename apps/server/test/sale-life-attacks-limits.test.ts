import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers.js';
import { attackSuite, INTERNALS, saleBody } from './sale-life-attack-suite.js';
import { transferSuite } from './transfer-suite.js';
import { trailOf } from './voids.js';

/** Issue 20's tax rules, replays and id ranges against a hostile client, and connections ended mid-write. */
describe.each(engines)(
  "Issue 20's tax rules, replays and id ranges against a hostile client, and connections ended mid-write on $name",
  (engine) => {
    const { s, api, buyer, sold, pay, transfer, adminToken, as, cancel, summary, expectPlain } = attackSuite(engine);

    it('warns (or refuses, when the company says so) a cash receipt of ₹ 20,000 and a cash refund of ₹ 20,000 (s.269T)', async () => {
      const sale = await sold();
      const warned = await pay(sale, 20000);
      expect(warned.statusCode).toBe(201);
      expect(warned.json().warnings.join(' ')).toContain('Section 269SS');
      const refund = await cancel(sale.saleId, { refundAmount: 20000, refundMode: 'Cash', retainedAmount: 0 });
      expect(refund.statusCode, refund.body).toBe(201);
      expect((refund.json().warnings ?? []).join(' ')).toContain('Section 269T');

      const settings = (await api('GET', '/api/company-settings')).json();
      const strict = await as(adminToken(), 'PUT', '/api/company-settings', { ...settings, cashRule: 'refuse' });
      expect(strict.statusCode, strict.body).toBe(200);
      try {
        const other = await sold();
        const refused = await pay(other, 20000);
        expectPlain(refused, 400);
        expect(refused.json().message).toContain('Section 269SS');
        await api('POST', '/api/payment', {
          projectId: other.projectId,
          plotId: other.plotId,
          status: 'Completed',
          payments: [
            { particular: 'Advance', date: '2026-11-10', mode: 'Cheque', amount: 20000, partnerId: other.partnerId },
          ],
        });
        const cashRefund = await cancel(other.saleId, { refundAmount: 20000, refundMode: 'Cash', retainedAmount: 0 });
        expectPlain(cashRefund, 400);
        expect(cashRefund.json().message).toContain('Section 269T');
        expect((await summary(other.plotId)).saleId).toBe(other.saleId);
      } finally {
        await as(adminToken(), 'PUT', '/api/company-settings', { ...settings, cashRule: 'warn' });
      }
    });

    it("counts one buyer's cash of one day over all their plots (s.269SS), and over two receipts of one plot", async () => {
      const first = await sold();
      const project = await s.f.project({ plots: 1 });
      const partnerId = await s.f.partner({ projectId: project.projectId, share: 100 });
      const plot = project.plots[0] as { plotId: number };
      const second = await api('POST', '/api/sale', {
        ...saleBody({ projectId: project.projectId, plotId: plot.plotId }),
        buyerId: first.fromBuyerId,
      });
      expect(second.statusCode, second.body).toBe(201);
      const other = { projectId: project.projectId, plotId: plot.plotId, partnerId, saleId: second.json().saleId };
      expect((await pay(first, 15000)).json().warnings).toEqual([]);
      const same = await pay(first, 5000);
      expect(same.json().warnings.join(' ')).toContain('Section 269SS: cash of ₹ 20,000.00');
      const elsewhere = await pay(other, 15000);
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
      expect(elsewhere.json().warnings.join(' ')).toContain('Section 269SS: cash of ₹ 35,000.00');
    });

    it('makes no sale when the buyer it names is refused, and serialises two buyers edited to one mobile', async () => {
      const project = await s.f.project({ plots: 1 });
      const plot = project.plots[0] as { plotId: number };
      const body = saleBody({ projectId: project.projectId, plotId: plot.plotId });
      const taken = await buyer('Mobile Holder');
      const takenMobile = (await api('GET', `/api/buyer/${taken}`)).json().mobile as string;
      const refused = [
        api('POST', '/api/sale', { ...body, buyerId: 2147483647 }),
        api('POST', '/api/sale', { ...body, buyer: { name: 'Copy', mobile: takenMobile } }),
        api('POST', '/api/sale', { ...body, buyer: { name: 'Bad Pan', pan: 'NOTAPAN' } }),
      ];
      const [missing, dup, bad] = await Promise.all(refused);
      expectPlain(missing as never, 404);
      expectPlain(dup as never, 409);
      expectPlain(bad as never, 400);
      const plots = (await api('GET', `/api/sale/project/${project.projectId}`)).json();
      expect(plots).toEqual([]);
      const [a, b] = [await buyer('Edit A'), await buyer('Edit B')];
      const edits = await Promise.all([
        api('PUT', `/api/buyer/${a}`, { name: 'Edit A', mobile: '9500000077' }),
        api('PUT', `/api/buyer/${b}`, { name: 'Edit B', mobile: '9500000077' }),
      ]);
      expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      for (const r of edits) expect(r.body).not.toMatch(INTERNALS);
    });

    it('replays a transfer and a reversal sent twice with one Idempotency-Key, doing each once', async () => {
      const sale = await sold();
      const receiptId = (await pay(sale, 5000)).json().receiptId as number;
      const to = await buyer('Key Holder');
      const key = { 'idempotency-key': `transfer-${sale.saleId}` };
      const transfers = await Promise.all([
        transfer(sale.saleId, { toBuyerId: to, transferFee: 1000 }, key),
        transfer(sale.saleId, { toBuyerId: to, transferFee: 1000 }, key),
      ]);
      expect(transfers.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(transfers[0]?.json()).toEqual(transfers[1]?.json());
      expect((await summary(sale.plotId)).transferFee).toBe(1000);
      const rkey = { 'idempotency-key': `reverse-${receiptId}` };
      const reversals = await Promise.all([
        api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Twice' }, rkey),
        api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Twice' }, rkey),
      ]);
      expect(reversals.map((r) => r.statusCode)).toEqual([200, 200]);
      const trail = await trailOf(s.t, s.acme, 'receipt', receiptId);
      expect(trail.filter((r) => r.action === 'reverse')).toHaveLength(1);
      expect((await trailOf(s.t, s.acme, 'sale', sale.saleId)).filter((r) => r.action === 'transfer')).toHaveLength(1);
    });

    it('answers ids out of range with a 400 and unknown ones with a 404 on every new route', async () => {
      for (const bad of ['0', '-1', 'abc', '99999999999']) {
        expect((await api('GET', `/api/buyer/${bad}`)).statusCode, bad).toBe(400);
        expect((await api('GET', `/api/sale/${bad}/cancellation`)).statusCode, bad).toBe(400);
        expect((await api('POST', `/api/payment/${bad}/reverse`, { reason: 'x' })).statusCode, bad).toBe(400);
      }
      const unknown = 2147483647;
      for (const res of [
        await api('GET', `/api/buyer/${unknown}`),
        await api('PUT', `/api/buyer/${unknown}`, { name: 'Nobody' }),
        await api('PUT', `/api/sale/${unknown}`, { ...saleBody({ projectId: 1, plotId: 1 }), reason: 'x' }),
        await api('PUT', `/api/sale/${unknown}/agreement`, { agreementDate: null }),
        await cancel(unknown, { refundAmount: 0, retainedAmount: 0 }),
        await api('POST', `/api/sale/${unknown}/refund/clear`, { date: '2026-12-01' }),
        await transfer(unknown, { toBuyerId: await buyer('Unknown Sale') }),
        await api('POST', `/api/payment/${unknown}/reverse`, { reason: 'x' }),
      ]) {
        expectPlain(res, 404);
      }
    });

    it('answers settings with bad values with a 400, and the TDS list of a bad project id with 400/404', async () => {
      const settings = (await api('GET', '/api/company-settings')).json();
      for (const [field, value] of [
        ['cashRule', 'maybe'],
        ['cashLimit', -1],
        ['cashLimit', 0.001],
        ['tdsRate', 1000],
        ['tdsThreshold', 1e16],
        ['reraLimit', -5],
        ['tdsRate', 'x'.repeat(10_000)],
      ] as const) {
        const res = await as(adminToken(), 'PUT', '/api/company-settings', { ...settings, [field]: value });
        expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
        expect(res.body).not.toMatch(INTERNALS);
      }
      expect((await api('GET', '/api/company-settings')).json()).toEqual(settings);
      expect((await api('GET', '/api/report/tds-pending?projectId=abc')).statusCode).toBe(400);
      expect((await api('GET', '/api/report/tds-pending?projectId=2147483647')).statusCode).toBe(404);
    });
  },
);

const TERMINATE_BUSY = `
  select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
    and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`;

const postgres = engines.find((e) => e.name === 'postgres');

/** Only a PostgreSQL server can end a connection under a write: without TEST_DATABASE_URL the suite is skipped. */
describe.runIf(postgres)('PostgreSQL ending connections in the middle of cancels, transfers and reversals', () => {
  const { s, api, sold, pay, buyer, transfer } = transferSuite(postgres as (typeof engines)[number]);
  let killer: pg.Client;
  beforeAll(async () => {
    killer = new pg.Client({ connectionString: s.t.databaseUrl });
    await killer.connect();
  });
  afterAll(() => killer.end());

  it('leaves each sale whole: cancelled with its cancellation and trail row, or untouched', async () => {
    const sales: { saleId: number; plotId: number; receiptId: number; to: number }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const sale = await sold();
      const receiptId = (await pay(sale, 10000)).json().receiptId as number;
      sales.push({ ...sale, receiptId, to: await buyer(`Heir ${i}`) });
    }
    let isDone = false;
    const writes = Promise.all(
      sales.flatMap((sale, i) => [
        i % 2 === 0
          ? api('POST', `/api/sale/${sale.saleId}/cancel`, {
              date: '2026-12-01',
              reason: 'Lost connection',
              refundAmount: 6000,
              refundMode: 'Cheque',
              retainedAmount: 4000,
            })
          : transfer(sale.saleId, { toBuyerId: sale.to, transferFee: 1000 }),
        api('POST', `/api/payment/${sale.receiptId}/reverse`, { reason: 'Lost connection' }),
      ]),
    ).finally(() => {
      isDone = true;
    });
    while (!isDone) await killer.query(TERMINATE_BUSY);
    for (const res of await writes) expect([200, 201, 400, 409, 503], res.body).toContain(res.statusCode);

    const rows = await s.t.asTenant(s.acme, async (tdb) => {
      const ids = sales.map((x) => x.saleId);
      return (
        await sql<{
          id: number;
          status: string;
          cancels: number;
          cancel_trail: number;
          transfers: number;
          transfer_trail: number;
          fee: number;
          held: number;
          counted: number;
        }>`
          select sa.id, sa.status,
            (select count(*) from sale_cancellations c where c.sale_id = sa.id)::int as cancels,
            (select count(*) from audit_trail a where a.entity = 'sale' and a.entity_id = sa.id and a.action = 'cancel')::int as cancel_trail,
            (select count(*) from sale_transfers x where x.sale_id = sa.id)::int as transfers,
            (select count(*) from audit_trail a where a.entity = 'sale' and a.entity_id = sa.id and a.action = 'transfer')::int as transfer_trail,
            sa.transfer_fee_paise::float8 as fee,
            coalesce((select received_paise from plot_money pm where pm.plot_id = sa.plot_id and sa.status = 'Active'), 0)::float8 as held,
            (select coalesce(sum(l.amount_paise), 0) from receipt_lines l join receipts r on r.id = l.receipt_id
              where r.sale_id = sa.id and r.status = 'Completed' and sa.status = 'Active')::float8 as counted
          from sales sa where sa.id in (${sql.join(ids)}) order by sa.id`.execute(tdb)
      ).rows;
    });
    for (const row of rows) {
      expect(row.cancels).toBe(row.status === 'Cancelled' ? 1 : 0);
      expect(row.cancel_trail).toBe(row.cancels);
      expect(row.transfer_trail).toBe(row.transfers);
      expect(row.fee).toBe(row.transfers * 1000_00);
      expect(row.held).toBe(row.counted);
    }
    for (const sale of sales) {
      const trail = await trailOf(s.t, s.acme, 'receipt', sale.receiptId);
      const receipt = (await api('GET', `/api/payment/plot/${sale.plotId}`)).json();
      const reversed = receipt.some(
        (r: { receiptId: number; status: string }) => r.receiptId === sale.receiptId && r.status === 'Reversed',
      );
      expect(trail.filter((r) => r.action === 'reverse')).toHaveLength(reversed ? 1 : 0);
    }
    const admin = await s.t.userToken(s.acme, 'TENANT_ADMIN');
    const verify = await s.t.call(s.acme.tenantId, { method: 'GET', url: '/api/audit/verify', token: admin });
    expect(verify.json()).toMatchObject({ ok: true, firstBrokenId: null });
  });
});
