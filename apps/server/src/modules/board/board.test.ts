import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type BoardSuite, DAY, HOUR, START, setUpBoardSuite } from '../../../test/board-suite.js';
import { engines } from '../../../test/helpers.js';
import { type BoardPlotRow, findBoardHead } from './board.repository.js';
import { BoardCache, boardPlot, tagMatches } from './board.service.js';

describe.each(engines)('the plot board on $name', (engine) => {
  let s: BoardSuite;
  setUpBoardSuite(engine, (suite) => {
    s = suite;
  });

  const board = (projectId: number, headers?: Record<string, string>, as = s.ravi) =>
    s.call(as, 'GET', `/api/board/${projectId}`, undefined, headers);
  const hold = (plotId: number, days = 3) =>
    s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { buyerName: 'Kiran Patil', buyerMobile: '98220 11111', days });

  it('answers every plot not archived, in plot order, each state only from plotBoardState', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 8, totalArea: 100000, name: 'Green Acres' });
    const [free, held, sold, paid, registered, resale, overdue, archived] = project.plots.map(
      (p) => p.plotId,
    ) as number[];
    const { projectId } = project;
    expect((await hold(held as number)).statusCode).toBe(201);
    const sale = await s.call(s.asha, 'POST', '/api/sale', {
      projectId,
      plotId: sold,
      saleDate: '2026-11-01',
      saleAmount: 100000,
      paymentType: 'Cash',
      buyerName: 'Kiran Patil',
      buyerMobile: '98220 11111',
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const full = [{ status: 'Completed' as const, amountPaise: paise(100000_00), date: '2026-11-02' }];
    await s.f.sale({ projectId, plotId: paid as number, amountPaise: paise(100000_00), receipts: full });
    await s.f.sale({ projectId, plotId: registered as number, amountPaise: paise(100000_00), receipts: full });
    await s.f.registration({ plotId: registered as number });
    const cancelled = await s.f.sale({ projectId, plotId: resale as number, amountPaise: paise(100000_00) });
    const cancel = await s.call(s.asha, 'POST', `/api/sale/${cancelled.saleId}/cancel`, {
      date: '2026-11-20',
      reason: 'Buyer withdrew',
      refundAmount: 0,
      retainedAmount: 0,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    // An EMI sale whose installments from 01/09/2026 are unpaid on 28/11/2026: overdue.
    await s.f.sale({
      projectId,
      plotId: overdue as number,
      saleDate: '2026-08-01',
      emi: { months: 6, emiDate: '2026-09-01' },
    });
    const archive = await s.call(s.admin, 'POST', `/api/plot/${archived}/archive`, { reason: 'Road widening' });
    expect(archive.statusCode).toBe(200);

    const res = await board(projectId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      projectId,
      projectName: 'Green Acres',
      plan: null,
      asOf: new Date(START).toISOString(),
    });
    const tiles = body.plots as { plotId: number; state: string; overdue: boolean; buyerId: number | null }[];
    expect(tiles.map((p) => [p.plotId, p.state, p.overdue])).toEqual([
      [free, 'available', false],
      [held, 'held', false],
      [sold, 'sold', false],
      [paid, 'paid', false],
      [registered, 'registered', false],
      [resale, 'resale', false],
      [overdue, 'sold', true],
    ]);
    expect(tiles[0]).toMatchObject({ plotName: 'P1', size: 1000, listPrice: null, saleId: null, hold: null });
    expect(tiles[1]).toMatchObject({ hold: { buyerName: 'Kiran Patil', heldByName: 'Asha' }, buyerName: null });
    expect(tiles[2]).toMatchObject({ saleId: sale.json().saleId, buyerName: 'Kiran Patil' });
    // The buyer renamed: the board reads the buyer's record, as the sales listing does.
    const buyerId = tiles[2]?.buyerId;
    const renamed = await s.call(s.asha, 'PUT', `/api/buyer/${buyerId}`, {
      name: 'Kiran R. Patil',
      mobile: '98220 11111',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await board(projectId)).json().plots as {
      buyerName: string | null;
      hold: { buyerName: string } | null;
    }[];
    expect([after[1]?.hold?.buyerName, after[2]?.buyerName]).toEqual(['Kiran R. Patil', 'Kiran R. Patil']);
  });

  it('polls by ETag: 304 while nothing changed, 200 with a new tag after a write, a hold’s end or a new day', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 2, totalArea: 100000 });
    const plotId = project.plots[0]?.plotId as number;
    const first = await board(project.projectId);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"b\d+\.0\.2026-11-28"$/);
    const same = await board(project.projectId, { 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(tag);
    expect(same.headers['cache-control']).toBe('private, no-cache');

    expect((await hold(plotId, 1)).statusCode).toBe(201);
    const held = await board(project.projectId, { 'if-none-match': tag });
    expect(held.statusCode).toBe(200);
    expect(held.json().plots[0].state).toBe('held');
    const heldTag = held.headers.etag as string;
    expect(heldTag).not.toBe(tag);
    expect((await board(project.projectId, { 'if-none-match': heldTag })).statusCode).toBe(304);

    // The hold ends by time: nothing is written, the tag still changes.
    s.clock.now = START + DAY;
    const expired = await board(project.projectId, { 'if-none-match': heldTag });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().plots[0].state).toBe('available');
    const expiredTag = expired.headers.etag as string;
    expect(expiredTag).not.toBe(heldTag);
    // Midnight in India (18:30 UTC): overdue flags are of the new day.
    s.clock.now = START + DAY + 13 * HOUR;
    const nextDay = await board(project.projectId, { 'if-none-match': expiredTag });
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers.etag).toMatch(/\.2026-11-30"$/);
    s.clock.now = START;
  });

  it('keeps a board’s plots for its company alone: the same project id, version and day in two companies', async () => {
    s.clock.now = START;
    const mine = await s.f.project({ plots: 3, totalArea: 100000 });
    const boards = new BoardCache(2);
    const head = await s.t.asTenant(s.acme, (tdb) => findBoardHead(tdb, mine.projectId, new Date(START)));
    if (!head) throw new Error('no head');
    const now = new Date(START);
    const ours = await s.t.asTenant(s.acme, (tdb) => boards.answer(tdb, s.acme.tenantId, head, now));
    // The other company has no such project: the same head read in its schema finds no plots.
    const theirs = await s.t.asTenant(s.other, (tdb) => boards.answer(tdb, s.other.tenantId, head, now));
    expect(ours.parse().plots.map((p) => p.plotId)).toEqual(mine.plots.map((p) => p.plotId));
    expect(theirs.parse().plots).toEqual([]);
    // A later read of our board is served from the cache and still ours; a new version builds it again.
    const again = await s.t.asTenant(s.acme, (tdb) => boards.answer(tdb, s.acme.tenantId, head, now));
    expect(again.text).toBe(ours.text);
    const moved = await s.t.asTenant(s.acme, (tdb) =>
      boards.answer(tdb, s.acme.tenantId, { ...head, version: head.version + 1, projectName: 'Renamed' }, now),
    );
    expect(moved.parse()).toMatchObject({ projectName: 'Renamed', plots: ours.parse().plots });
  });

  it('another company’s project is not found (404); the board needs a signed-in company user', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 1 });
    const foreign = await s.call(s.otherToken, 'GET', `/api/board/${project.projectId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Project not found.' });
    const missing = await board(project.projectId + 1000, { 'if-none-match': '*' });
    expect(missing.statusCode).toBe(404);
    expect((await s.call(null, 'GET', `/api/board/${project.projectId}`)).statusCode).toBe(401);
    expect((await board(project.projectId, undefined, s.admin)).statusCode).toBe(200);
    const superAdmin = await s.t.superAdminToken();
    expect((await s.call({ token: superAdmin, id: 0 }, 'GET', `/api/board/${project.projectId}`)).statusCode).toBe(403);
  });
});

describe('a board tile', () => {
  const row: BoardPlotRow = {
    plotId: 1,
    plotName: 'P1',
    plotNumber: '1',
    size: 1200.5,
    sector: 'A',
    facing: 'NE',
    corner: true,
    listRatePaise: paise(150_00),
    listPricePaise: null,
    saleId: 9,
    salePaise: paise(100000_00),
    transferFeePaise: paise(5000_00),
    buyerId: 3,
    buyerName: 'Kiran',
    receivedPaise: paise(100000_00),
    registered: false,
    hadCancelledSale: false,
    unpaidDueDate: '2026-11-28',
    unpaidAmountPaise: paise(10_00),
    unpaidPaidPaise: paise(0),
    holdId: null,
    holdBuyerId: null,
    holdBuyerName: null,
    holdBuyerMobile: null,
    heldUntil: null,
    heldBy: null,
    heldByName: null,
    holdNote: null,
  };
  const now = new Date(START);

  it('is fully paid only when received covers the sale and its transfer fees (owedPaise), and priced by rate × size', () => {
    expect(boardPlot(row, now, '2026-11-28')).toMatchObject({ state: 'sold', listRate: 150_00, listPrice: 180075_00 });
    expect(boardPlot({ ...row, receivedPaise: paise(105000_00) }, now, '2026-11-28').state).toBe('paid');
  });

  it('is overdue once its oldest unpaid installment’s due date is before today (installmentState)', () => {
    expect(boardPlot(row, now, '2026-11-28').overdue).toBe(false);
    expect(boardPlot(row, now, '2026-11-29').overdue).toBe(true);
    expect(boardPlot({ ...row, unpaidDueDate: null }, now, '2026-12-29').overdue).toBe(false);
  });

  it('shows a hold only while it is live', () => {
    const held = {
      ...row,
      saleId: null,
      holdId: 4,
      holdBuyerId: 3,
      holdBuyerName: 'Kiran',
      heldBy: 2,
      heldByName: 'Asha',
    };
    expect(boardPlot({ ...held, heldUntil: new Date(START + 1) }, now, '2026-11-28')).toMatchObject({
      state: 'held',
      hold: { holdId: 4, heldUntil: new Date(START + 1).toISOString() },
    });
    expect(boardPlot({ ...held, heldUntil: now }, now, '2026-11-28')).toMatchObject({ state: 'available', hold: null });
  });

  it('matches If-None-Match weakly, in a list, and *', () => {
    expect(tagMatches('W/"b1.0.2026-11-28"', 'W/"b1.0.2026-11-28"')).toBe(true);
    expect(tagMatches('"x", "b1.0.2026-11-28"', 'W/"b1.0.2026-11-28"')).toBe(true);
    expect(tagMatches('*', 'W/"b1.0.2026-11-28"')).toBe(true);
    expect(tagMatches('W/"b2.0.2026-11-28"', 'W/"b1.0.2026-11-28"')).toBe(false);
    expect(tagMatches(undefined, 'W/"b1.0.2026-11-28"')).toBe(false);
  });
});
