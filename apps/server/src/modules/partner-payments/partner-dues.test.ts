import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** What a refusal says: the partner, by how much, the project, and the payouts by amount and date. */
const refusal = (action: string, partner: string, over: string, project: string, payouts: string) =>
  `${action} would leave ${partner} paid ${over} more than is due to them in ${project}, after the payouts to them ` +
  `(${payouts}). What is due to a partner who has been paid may not go below zero.`;

describe.each(engines)('payouts stay covered on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
  const payout = (projectId: number, partnerId: number, amount: number, date = '2026-11-01') =>
    api('POST', '/api/partner-payout', { projectId, partnerId, date, mode: 'Cash', amount });
  const dueOf = async (projectId: number, partnerId: number): Promise<number> => {
    const summary = await api('GET', `/api/payment/partners-summary?projectId=${projectId}`);
    return summary.json().find((p: { partnerId: number }) => p.partnerId === partnerId).due;
  };
  const purchaseRow = (projectId: number, partnerId: number, amount: number) => ({
    projectId,
    partnerId,
    particular: 'Kharedikhar',
    date: '2026-02-01',
    mode: 'Cash',
    amount,
  });

  /**
   * Asha holds 50 % and paid ₹ 1,00,000 for the land; nothing is sold, so her half of the ₹ 1,00,000 loss leaves
   * ₹ 50,000 due to her. Bhaskar holds the other 50 % and paid nothing.
   */
  const dueToAsha = async (name: string) => {
    const project = await f.project({ name });
    const asha = await f.partner({ projectId: project.projectId, share: 50, name: 'Asha' });
    const bhaskar = await f.partner({ projectId: project.projectId, share: 50, name: 'Bhaskar' });
    const purchase = await f.purchase({ projectId: project.projectId, partnerId: asha, amount: 100000 });
    return { projectId: project.projectId, asha, bhaskar, purchaseId: purchase.id };
  };
  /** `dueToAsha`, and Asha paid the whole ₹ 50,000. */
  const paidInFull = async (name: string) => {
    const built = await dueToAsha(name);
    expect((await payout(built.projectId, built.asha, 50000)).statusCode).toBe(201);
    expect(await dueOf(built.projectId, built.asha)).toBe(0);
    return built;
  };

  it('refuses voiding or shrinking a paid partner’s purchase, naming the payouts, and lets it grow', async () => {
    const { projectId, asha, purchaseId } = await paidInFull('Green Acres');
    const deleted = await api('DELETE', `/api/purchase/${purchaseId}`, { reason: 'Entered twice' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      refusal('Voiding this purchase entry', 'Asha', '₹ 50,000.00', 'Green Acres', '₹ 50,000.00 on 01/11/2026'),
    );
    // ₹ 60,000 − her half of the ₹ 60,000 loss − ₹ 50,000 paid = −₹ 20,000.
    const shrunk = await api('PUT', `/api/purchase/${purchaseId}`, purchaseRow(projectId, asha, 60000));
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json().message).toBe(
      refusal('Changing this purchase entry', 'Asha', '₹ 20,000.00', 'Green Acres', '₹ 50,000.00 on 01/11/2026'),
    );
    expect(await dueOf(projectId, asha)).toBe(0);
    const grown = await api('PUT', `/api/purchase/${purchaseId}`, purchaseRow(projectId, asha, 120000));
    expect(grown.statusCode).toBe(200);
    expect(await dueOf(projectId, asha)).toBe(10000);
  });

  it('saves a new cost that lowers a paid partner’s profit share, and shows their due negative', async () => {
    const { projectId, asha, bhaskar } = await paidInFull('Blue Hills');
    // Bhaskar's ₹ 1,000 cost takes ₹ 500 off Asha's half of the profit: she now owes ₹ 500 back.
    const cost = await api('POST', '/api/purchase', [purchaseRow(projectId, bhaskar, 1000)]);
    expect(cost.statusCode).toBe(201);
    expect(await dueOf(projectId, asha)).toBe(-500);
    // A development cost is a fact too: ₹ 3,000 more takes ₹ 1,500 more off her half.
    const road = { ...purchaseRow(projectId, bhaskar, 3000), particular: 'Road Rate', category: 'per_project' };
    const development = await api('POST', '/api/development', [{ ...road, plotId: null }]);
    expect(development.statusCode).toBe(201);
    expect(await dueOf(projectId, asha)).toBe(-2000);
    // Bhaskar, never paid, may owe the project: a cost Asha pays takes his due lower.
    expect(await dueOf(projectId, bhaskar)).toBe(-48000);
    const hers = await api('POST', '/api/purchase', [purchaseRow(projectId, asha, 2000)]);
    expect(hers.statusCode).toBe(201);
    expect(await dueOf(projectId, bhaskar)).toBe(-49000);
    expect(await dueOf(projectId, asha)).toBe(-1000);
  });

  it('refuses voiding or editing a paid partner’s development and contribution rows', async () => {
    const project = await f.project({ name: 'Red Fields' });
    const chitra = await f.partner({ projectId: project.projectId, share: 50, name: 'Chitra' });
    await f.partner({ projectId: project.projectId, share: 50 });
    const road = await f.development({ projectId: project.projectId, partnerId: chitra, amount: 40000 });
    expect((await payout(project.projectId, chitra, 15000)).statusCode).toBe(201);
    expect((await payout(project.projectId, chitra, 5000)).statusCode).toBe(201);
    const payouts = '₹ 5,000.00 on 01/11/2026, ₹ 15,000.00 on 01/11/2026';
    const deleted = await api('DELETE', `/api/development/${road.id}`, { reason: 'Entered twice' });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      refusal('Voiding this development entry', 'Chitra', '₹ 20,000.00', 'Red Fields', payouts),
    );
    const viaContribution = await api('POST', '/api/partnercontribution/delete', {
      developmentId: road.id,
      reason: 'Entered twice',
    });
    expect(viaContribution.statusCode).toBe(409);
    const edit = { developmentId: road.id, particular: 'Road Rate', amount: 30000, partnerId: chitra };
    const edited = await api('POST', '/api/partnercontribution/update', edit);
    expect(edited.statusCode).toBe(409);
    expect(edited.json().message).toBe(
      refusal('Changing this contribution', 'Chitra', '₹ 5,000.00', 'Red Fields', payouts),
    );
    expect(await dueOf(project.projectId, chitra)).toBe(0);
  });

  it('names the three latest payouts, newest first, and counts the rest', async () => {
    const { projectId, asha, purchaseId } = await dueToAsha('Lotus Park');
    const dates = ['2026-06-07', '2026-11-27', '2026-03-01', '2026-10-20', '2026-05-15'];
    for (const date of dates) expect((await payout(projectId, asha, 10000, date)).statusCode).toBe(201);
    const deleted = await api('DELETE', `/api/purchase/${purchaseId}`, { reason: 'Entered twice' });
    expect(deleted.statusCode).toBe(409);
    const payouts = '₹ 10,000.00 on 27/11/2026, ₹ 10,000.00 on 20/10/2026, ₹ 10,000.00 on 07/06/2026 and 2 more';
    expect(deleted.json().message).toBe(
      refusal('Voiding this purchase entry', 'Asha', '₹ 50,000.00', 'Lotus Park', payouts),
    );
  });

  it('refuses a smaller share that leaves a paid partner over-paid', async () => {
    const project = await f.project({ name: 'Mango Grove', plots: 1 });
    const dev = await f.partner({ projectId: project.projectId, share: 50, name: 'Dev' });
    await f.purchase({ projectId: project.projectId, partnerId: dev, amount: 100000 });
    const plotId = project.plots[0]?.plotId as number;
    await f.sale({ projectId: project.projectId, plotId, amountPaise: paise(300000_00) });
    // ₹ 1,00,000 paid + 50 % of the ₹ 2,00,000 profit = ₹ 2,00,000, all paid out.
    expect((await payout(project.projectId, dev, 200000)).statusCode).toBe(201);
    const shares = (percentageShare: number) => ({
      partnerName: 'Dev',
      city: 'Pune',
      projects: [{ projectId: project.projectId, percentageShare }],
    });
    const smaller = await api('PUT', `/api/partner/${dev}`, shares(40));
    expect(smaller.statusCode).toBe(409);
    expect(smaller.json().message).toBe(
      refusal('Changing these shares', 'Dev', '₹ 20,000.00', 'Mango Grove', '₹ 2,00,000.00 on 01/11/2026'),
    );
    expect((await api('PUT', `/api/partner/${dev}`, shares(60))).statusCode).toBe(200);
    expect(await dueOf(project.projectId, dev)).toBe(20000);
  });

  it('keeps every due at or above zero when payouts and voids or shrinks race (10 rounds at once)', async () => {
    const rounds = [];
    for (let i = 0; i < 10; i += 1) rounds.push(await dueToAsha(`Race ${i}`));
    const results = await Promise.all(
      rounds.map(async ({ projectId, asha, purchaseId }, i) => {
        const edit = () =>
          i % 2 === 0
            ? api('DELETE', `/api/purchase/${purchaseId}`, { reason: 'Entered twice' })
            : api('PUT', `/api/purchase/${purchaseId}`, purchaseRow(projectId, asha, 40000));
        const pay = () => payout(projectId, asha, 50000);
        // Half the rounds send the payout first (PGlite, one connection, takes them in that order).
        const [edited, paid] =
          Math.floor(i / 2) % 2 === 0
            ? await Promise.all([edit(), pay()])
            : await Promise.all([pay(), edit()]).then(([p, e]) => [e, p] as const);
        return { i, edited, paid, due: await dueOf(projectId, asha) };
      }),
    );
    for (const { i, edited, paid, due } of results) {
      expect(due, `round ${i}`).toBeGreaterThanOrEqual(0);
      // One of the two wins; the other is refused with a plain 409.
      const statuses = [edited.statusCode, paid.statusCode];
      expect(statuses, `round ${i}`).toEqual(edited.statusCode === 409 ? [409, 201] : [200, 409]);
      if (edited.statusCode === 409) {
        const action = i % 2 === 0 ? 'Voiding this purchase entry' : 'Changing this purchase entry';
        const over = i % 2 === 0 ? '₹ 50,000.00' : '₹ 30,000.00';
        expect(edited.json().message, `round ${i}`).toBe(
          refusal(action, 'Asha', over, `Race ${i}`, '₹ 50,000.00 on 01/11/2026'),
        );
      } else {
        expect(paid.json().message, `round ${i}`).toBe(
          i % 2 === 0
            ? 'Nothing is due to Asha in this project, so no payment can be recorded.'
            : 'The payment of ₹ 50,000.00 is more than the ₹ 20,000.00 due to Asha.',
        );
      }
    }
  });
});
