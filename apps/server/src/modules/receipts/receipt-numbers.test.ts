import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** The sequence number at the end of `RCT/26-27/00042`. */
const seqOf = (receiptNo: string) => Number(receiptNo.split('/')[2]);

describe.each(engines)('receipt numbers on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  // India's 28/11/2026 noon; the boundary test moves it.
  let now = Date.parse('2026-11-28T06:30:00Z');
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c), { clock: () => now });
  const { soldPlot, line, api, pay, receipts, setStatus } = receiptHelpers(() => ({ t, acme, token, f }));

  it('gives receipts saved at once (20) distinct consecutive numbers of the year’s series', async () => {
    const plots = [];
    for (let i = 0; i < 20; i++) plots.push(await soldPlot());
    const results = await Promise.all(plots.map((s) => pay(s, 'Completed', [line(s, { amount: 1000 })])));
    // On a loaded machine a receipt whose turn at the counter outlasts the lock timeout is refused (503, "try
    // again") and rolled back with the number it took: the saved ones still have consecutive numbers.
    expect(results.filter((r) => r.statusCode !== 201 && r.statusCode !== 503)).toEqual([]);
    const saved = results.filter((r) => r.statusCode === 201);
    expect(saved.length).toBeGreaterThan(1);
    const numbers = saved.map((r) => r.json().receiptNo as string);
    expect(new Set(numbers).size).toBe(saved.length);
    for (const no of numbers) expect(no).toMatch(/^RCT\/26-27\/\d{5}$/);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: saved.length }, (_, i) => (seqs[0] as number) + i));
    // The list answers the same number for each receipt.
    const first = results.indexOf(saved[0] as (typeof results)[number]);
    const listed = await receipts(plots[first] as (typeof plots)[number]);
    expect(listed[0].receiptNo).toBe(numbers[0]);
  });

  it('numbers a receipt when it becomes Completed: cleared, not Pending or Cancelled; a refusal takes no number', async () => {
    const s = await soldPlot();
    const pending = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 5000 })])).json();
    expect(pending.receiptNo).toBeNull();
    const bounced = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 5000 })])).json();
    const first = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json().receiptNo as string;
    // Too much: refused, and its transaction (and the number it took) rolled back.
    expect((await pay(s, 'Completed', [line(s, { amount: 500000 })])).statusCode).toBe(409);
    const cleared = await setStatus(pending.receiptId, 'Completed');
    expect(cleared.statusCode).toBe(200);
    expect(seqOf(cleared.json().receiptNo)).toBe(seqOf(first) + 1);
    expect((await setStatus(bounced.receiptId, 'Cancelled')).json().receiptNo).toBeNull();
    const listed = await receipts(s);
    const byId = new Map(listed.map((r: { receiptId: number }) => [r.receiptId, r]));
    expect(byId.get(bounced.receiptId)).toMatchObject({ status: 'Cancelled', receiptNo: null, reversalNo: null });
    expect(byId.get(pending.receiptId)).toMatchObject({ status: 'Completed', receiptNo: cleared.json().receiptNo });
  });

  it('gives a reversal its own number in the same series and keeps the receipt’s', async () => {
    const s = await soldPlot();
    const saved = (await pay(s, 'Completed', [line(s, { amount: 2000 })])).json();
    const reversed = await api('POST', `/api/payment/${saved.receiptId}/reverse`, { reason: 'Keyed twice' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({ receiptNo: saved.receiptNo, status: 'Reversed' });
    expect(seqOf(reversed.json().reversalNo)).toBe(seqOf(saved.receiptNo) + 1);
    const [listed] = await receipts(s);
    expect(listed).toMatchObject({ receiptNo: saved.receiptNo, reversalNo: reversed.json().reversalNo });
  });

  it('names each line’s receipt number in Payment To Partner’s receipts, and finds a receipt by it', async () => {
    const s = await soldPlot();
    const saved = (await pay(s, 'Completed', [line(s, { amount: 1500 }), line(s, { amount: 700 })])).json();
    const pending = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 900 })])).json();
    const list = await api('GET', `/api/payment/receipts?projectId=${s.projectId}`);
    expect(list.statusCode).toBe(200);
    const numbers = list.json().map((r: { receiptId: number; receiptNo: string | null }) => [r.receiptId, r.receiptNo]);
    expect(numbers).toContainEqual([saved.receiptId, saved.receiptNo]);
    expect(numbers.filter(([id]: [number]) => id === saved.receiptId)).toHaveLength(2);
    expect(numbers).toContainEqual([pending.receiptId, null]);
    const found = await api(
      'GET',
      `/api/payment/receipts?projectId=${s.projectId}&q=${encodeURIComponent(saved.receiptNo)}`,
    );
    expect(
      found
        .json()
        .map((r: { amount: number }) => r.amount)
        .sort(),
    ).toEqual([1500, 700].sort());
  });

  it('restarts the series on 1 April (India’s day): 31 March ends 26-27, 1 April starts 27-28 at 00001', async () => {
    const s = await soldPlot();
    now = Date.parse('2027-03-31T18:29:00Z'); // 23:59 on 31/03/2027 in India
    const march = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json().receiptNo as string;
    expect(march).toMatch(/^RCT\/26-27\/\d{5}$/);
    now = Date.parse('2027-03-31T18:31:00Z'); // 00:01 on 01/04/2027 in India
    const april = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json().receiptNo;
    const next = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json().receiptNo;
    expect([april, next]).toEqual(['RCT/27-28/00001', 'RCT/27-28/00002']);
    now = Date.parse('2026-11-28T06:30:00Z');
  });
});
