import { describe, expect, it } from 'vitest';
import { type BoardSuite, START, setUpBoardSuite } from '../../../test/board-suite.js';
import { engines } from '../../../test/helpers.js';

/**
 * The board's version (db/sql/board.ts): every kind of write the board shows raises its project's version, once per
 * transaction, at commit; a write the board does not show, or one of another project, leaves it.
 */
describe.each(engines)('the board version on $name', (engine) => {
  let s: BoardSuite;
  setUpBoardSuite(engine, (suite) => {
    s = suite;
  });

  const version = (projectId: number) =>
    s.t.asTenant(s.acme, async (tdb) => {
      const row = await tdb
        .selectFrom('board_versions')
        .select('version')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    });

  it('is raised once by each kind of write the board shows, and by nothing else', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 3, totalArea: 100000, name: 'Versioned' });
    const other = await s.f.project({ plots: 1, totalArea: 100000 });
    const { projectId } = project;
    const partnerId = await s.f.partner({ projectId });
    const [p1, p2, p3] = project.plots.map((p) => p.plotId) as [number, number, number];
    // Creating the project and its three plots: one transaction, one raise.
    expect(await version(projectId)).toBe(1);
    const raised: [string, number][] = [];
    const step = async <R extends { statusCode: number; body: string }>(kind: string, write: () => Promise<R>) => {
      const before = await version(projectId);
      const res = await write();
      expect(res.statusCode, `${kind}: ${res.body}`).toBeLessThan(300);
      raised.push([kind, (await version(projectId)) - before]);
      return res;
    };
    const base = { projectName: 'Versioned', city: 'Nagpur', totalArea: 100000, totalRate: 100 };
    const plots = project.plots.map((p) => ({ plotId: p.plotId, plotName: p.plotName, totalPlotSize: 1000 }));
    const sale = (plotId: number, paymentType: 'Cash' | 'EMI') =>
      s.call(s.asha, 'POST', '/api/sale', {
        projectId,
        plotId,
        saleDate: '2026-11-01',
        saleAmount: 100000,
        paymentType,
        ...(paymentType === 'EMI' ? { advanceAmount: 10000, emiDuration: 12, emiDate: '2026-12-01' } : {}),
        buyerName: 'Kiran Patil',
        buyerMobile: '98220 11111',
      });
    const pay = (plotId: number, status: 'Completed' | 'Pending', amount: number) =>
      s.call(s.asha, 'POST', '/api/payment', {
        projectId,
        plotId,
        status,
        payments: [{ particular: 'Advance', date: '2026-11-05', mode: 'Cash', amount, partnerId }],
      });

    await step('plots edited', () =>
      s.call(s.asha, 'PUT', `/api/project/${projectId}`, {
        ...base,
        plots: [...plots, { plotName: 'P4', totalPlotSize: 500 }],
      }),
    );
    const current = (await s.call(s.asha, 'GET', `/api/project/${projectId}`)).json();
    await step('project renamed', () =>
      s.call(s.asha, 'PUT', `/api/project/${projectId}`, {
        ...base,
        projectName: 'Versioned Two',
        plots: current.plots.map((p: { plotId: number; plotName: string; totalPlotSize: number }) => ({
          plotId: p.plotId,
          plotName: p.plotName,
          totalPlotSize: p.totalPlotSize,
        })),
      }),
    );
    await step('hold made', () =>
      s.call(s.asha, 'POST', `/api/plot/${p1}/hold`, { buyerName: 'Kiran Patil', buyerMobile: '98220 11111', days: 2 }),
    );
    await step('hold released', () => s.call(s.asha, 'DELETE', `/api/plot/${p1}/hold`));
    await step('sale', () => sale(p1, 'Cash'));
    await step('EMI sale with its schedule', () => sale(p2, 'EMI'));
    const pending = await step('Pending receipt', () => pay(p1, 'Pending', 40000));
    await step('receipt cleared', () =>
      s.call(s.asha, 'PUT', `/api/payment/${pending.json().receiptId}/status`, {
        status: 'Completed',
      }),
    );
    await step('Completed receipt', () => pay(p1, 'Completed', 60000));
    await step('registration', () =>
      s.call(s.asha, 'POST', '/api/registration', {
        plotId: p1,
        registrationOffice: 'Nagpur',
        registrationDate: '2026-11-20',
        documentNo: 'D-7',
      }),
    );
    const board = (await s.call(s.asha, 'GET', `/api/board/${projectId}`)).json();
    const buyerId = board.plots[0].buyerId as number;
    await step('buyer renamed', () =>
      s.call(s.asha, 'PUT', `/api/buyer/${buyerId}`, { name: 'Kiran R. Patil', mobile: '98220 11111' }),
    );
    const emiSaleId = board.plots[1].saleId as number;
    await step('sale cancelled', () =>
      s.call(s.asha, 'POST', `/api/sale/${emiSaleId}/cancel`, {
        date: '2026-11-21',
        reason: 'Buyer withdrew',
        refundAmount: 0,
        retainedAmount: 0,
      }),
    );
    await step('plot archived', () => s.call(s.admin, 'POST', `/api/plot/${p3}/archive`, { reason: 'Road' }));
    await step('plot restored', () => s.call(s.admin, 'POST', `/api/plot/${p3}/restore`, { reason: 'Back' }));
    await step('another project’s sale', () =>
      s.call(s.asha, 'POST', '/api/sale', {
        projectId: other.projectId,
        plotId: other.plots[0]?.plotId,
        saleAmount: 1000,
        paymentType: 'Cash',
      }),
    );
    await step('a purchase (not on the board)', async () => {
      const res = await s.call(s.asha, 'POST', '/api/purchase', [
        { projectId, partnerId, particular: 'Kharedikhar', date: '2026-11-01', mode: 'Cash', amount: 1000 },
      ]);
      return res;
    });
    expect(raised).toEqual([
      ['plots edited', 1],
      ['project renamed', 1],
      ['hold made', 1],
      ['hold released', 1],
      ['sale', 1],
      ['EMI sale with its schedule', 1],
      ['Pending receipt', 0],
      ['receipt cleared', 1],
      ['Completed receipt', 1],
      ['registration', 1],
      ['buyer renamed', 1],
      ['sale cancelled', 1],
      ['plot archived', 1],
      ['plot restored', 1],
      ['another project’s sale', 0],
      ['a purchase (not on the board)', 0],
    ]);
  });

  it('is not raised by a write that is rolled back', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 1, totalArea: 100000 });
    const plotId = project.plots[0]?.plotId as number;
    const before = await version(project.projectId);
    const refused = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { buyerId: 999999, days: 2 });
    expect(refused.statusCode).toBe(404);
    expect(await version(project.projectId)).toBe(before);
  });
});
