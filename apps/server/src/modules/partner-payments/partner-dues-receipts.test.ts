import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

type Status = 'Pending' | 'Completed';

/** What a refusal says: the partner, by how much, the project, the payouts, and what Pending receipts reserve. */
const refusal = (action: string, over: string, project: string, payouts: string, pending = '') =>
  `${action} would leave Imran Shaikh paid ${over} more than is due to them in ${project}, after the payouts to ` +
  `them (${payouts})${pending ? ` and the ${pending} of Pending receipts credited to them` : ''}. ` +
  'What is due to a partner who has been paid may not go below zero.';
const reserving = (pending: string) => ` once the ${pending} of Pending receipts credited to them are counted`;

describe.each(engines)('receipts credited to a partner keep payouts covered on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
  const payout = (projectId: number, partnerId: number, amount: number) =>
    api('POST', '/api/partner-payout', { projectId, partnerId, date: '2026-11-01', mode: 'Cash', amount });
  const dueOf = async (projectId: number, partnerId: number): Promise<number> => {
    const summary = await api('GET', `/api/payment/partners-summary?projectId=${projectId}`);
    return summary.json().find((p: { partnerId: number }) => p.partnerId === partnerId).due;
  };

  /**
   * Imran Shaikh and Bhaskar hold 50 % each; Imran paid ₹ 1,00,000 for the land and the plot sold for ₹ 3,00,000,
   * so ₹ 1,00,000 + half the ₹ 2,00,000 profit = ₹ 2,00,000 is due to him, ₹ 1,00,000 to Bhaskar.
   */
  const dueToImran = async (name: string) => {
    const project = await f.project({ name, plots: 1 });
    const { projectId } = project;
    const imran = await f.partner({ projectId, share: 50, name: 'Imran Shaikh' });
    const bhaskar = await f.partner({ projectId, share: 50, name: 'Bhaskar' });
    const purchase = await f.purchase({ projectId, partnerId: imran, amount: 100000 });
    const plotId = project.plots[0]?.plotId as number;
    await f.sale({ projectId, plotId, amountPaise: paise(300000_00) });
    expect(await dueOf(projectId, imran)).toBe(200000);
    const receipt = (status: Status, partnerId: number, amount: number) =>
      api('POST', '/api/payment', {
        projectId,
        plotId,
        status,
        payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cash', amount, partnerId }],
      });
    return { projectId, imran, bhaskar, purchaseId: purchase.id, receipt };
  };

  it('holds a payout to the due less the Pending cheques credited to the partner; clearing one needs no check', async () => {
    const { projectId, imran, receipt } = await dueToImran('Sai Nagar');
    const cheque = await receipt('Pending', imran, 50000);
    expect(cheque.statusCode).toBe(201);
    const whole = await payout(projectId, imran, 200000);
    expect(whole.statusCode).toBe(409);
    expect(whole.json().message).toBe(
      `The payment of ₹ 2,00,000.00 is more than the ₹ 1,50,000.00 due to Imran Shaikh${reserving('₹ 50,000.00')}.`,
    );
    expect((await payout(projectId, imran, 150000)).statusCode).toBe(201);
    const more = await payout(projectId, imran, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(
      `Nothing is due to Imran Shaikh in this project${reserving('₹ 50,000.00')}, so no payment can be recorded.`,
    );
    const cleared = await api('PUT', `/api/payment/${cheque.json().receiptId}/status`, { status: 'Completed' });
    expect(cleared.statusCode).toBe(200);
    expect(await dueOf(projectId, imran)).toBe(0);
  });

  it('frees what a Pending cheque reserved when it is cancelled', async () => {
    const { projectId, imran, receipt } = await dueToImran('Shivaji Park');
    const cheque = await receipt('Pending', imran, 50000);
    expect((await payout(projectId, imran, 150000)).statusCode).toBe(201);
    const bounced = await api('PUT', `/api/payment/${cheque.json().receiptId}/status`, { status: 'Cancelled' });
    expect(bounced.statusCode).toBe(200);
    expect(await dueOf(projectId, imran)).toBe(50000);
    expect((await payout(projectId, imran, 50000)).statusCode).toBe(201);
    expect(await dueOf(projectId, imran)).toBe(0);
  });

  it('refuses a receipt credited to a paid partner, naming the payouts, but not one credited to an unpaid one', async () => {
    const { projectId, imran, bhaskar, receipt } = await dueToImran('Ganga Vihar');
    expect((await payout(projectId, imran, 200000)).statusCode).toBe(201);
    const completed = await receipt('Completed', imran, 25000);
    expect(completed.statusCode).toBe(409);
    const payouts = '₹ 2,00,000.00 on 01/11/2026';
    expect(completed.json().message).toBe(refusal('Saving this receipt', '₹ 25,000.00', 'Ganga Vihar', payouts));
    const pending = await receipt('Pending', imran, 25000);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(
      refusal('Saving this receipt', '₹ 25,000.00', 'Ganga Vihar', payouts, '₹ 25,000.00'),
    );
    expect(await dueOf(projectId, imran)).toBe(0);
    expect((await receipt('Completed', bhaskar, 25000)).statusCode).toBe(201);
    expect(await dueOf(projectId, bhaskar)).toBe(75000);
  });

  it('counts a Pending cheque credited to a paid partner when a correction lowers their due', async () => {
    const { projectId, imran, purchaseId, receipt } = await dueToImran('Tulsi Baug');
    expect((await receipt('Pending', imran, 50000)).statusCode).toBe(201);
    expect((await payout(projectId, imran, 150000)).statusCode).toBe(201);
    // ₹ 90,000 + half of the ₹ 2,10,000 profit − ₹ 1,50,000 paid = ₹ 45,000, ₹ 5,000 short of the cheque.
    const row = { projectId, partnerId: imran, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash' };
    const shrunk = await api('PUT', `/api/purchase/${purchaseId}`, { ...row, amount: 90000 });
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json().message).toBe(
      refusal('Changing this purchase entry', '₹ 5,000.00', 'Tulsi Baug', '₹ 1,50,000.00 on 01/11/2026', '₹ 50,000.00'),
    );
    expect(await dueOf(projectId, imran)).toBe(50000);
  });

  it('keeps payouts covered when a payout and a receipt credited to the partner race (10 rounds at once)', async () => {
    const rounds = [];
    for (let i = 0; i < 10; i += 1) rounds.push(await dueToImran(`Receipt Race ${i}`));
    const results = await Promise.all(
      rounds.map(async ({ projectId, imran, receipt }, i) => {
        const status: Status = i % 2 === 0 ? 'Completed' : 'Pending';
        const credit = () => receipt(status, imran, 50000);
        const pay = () => payout(projectId, imran, 200000);
        // Half the rounds send the payout first (PGlite, one connection, takes them in that order).
        const [credited, paid] =
          Math.floor(i / 2) % 2 === 0
            ? await Promise.all([credit(), pay()])
            : await Promise.all([pay(), credit()]).then(([p, c]) => [c, p] as const);
        return { i, status, credited, paid, due: await dueOf(projectId, imran) };
      }),
    );
    for (const { i, status, credited, paid, due } of results) {
      // One of the two wins; the other is refused with a plain 409.
      const statuses = [credited.statusCode, paid.statusCode];
      expect(statuses, `round ${i}`).toEqual(credited.statusCode === 409 ? [409, 201] : [201, 409]);
      if (credited.statusCode === 409) {
        const pending = status === 'Pending' ? '₹ 50,000.00' : '';
        expect(credited.json().message, `round ${i}`).toBe(
          refusal('Saving this receipt', '₹ 50,000.00', `Receipt Race ${i}`, '₹ 2,00,000.00 on 01/11/2026', pending),
        );
        expect(due, `round ${i}`).toBe(0);
      } else {
        const counted = status === 'Pending' ? reserving('₹ 50,000.00') : '';
        expect(paid.json().message, `round ${i}`).toBe(
          `The payment of ₹ 2,00,000.00 is more than the ₹ 1,50,000.00 due to Imran Shaikh${counted}.`,
        );
        expect(due, `round ${i}`).toBe(status === 'Pending' ? 200000 : 150000);
      }
    }
  });
});
