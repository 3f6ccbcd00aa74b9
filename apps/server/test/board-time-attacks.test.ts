import { describe, expect, it } from 'vitest';
import { type BoardSuite, DAY, START, setUpBoardSuite } from './board-suite.js';
import { engines } from './helpers.js';
import { xlsxCells } from './xlsx-cells.js';

/**
 * Attacks on the board through time and across users (issue 21): an ETag that must move when a hold ends by the
 * clock alone, a rush on a plot whose hold just expired, the price list from another company or with a plot name
 * that looks like a formula.
 */
describe.each(engines)('the board over time, and the price list, under attack on $name', (engine) => {
  let s: BoardSuite;
  setUpBoardSuite(engine, (suite) => {
    s = suite;
  });

  const holdBody = { buyerName: 'Kiran Patil', buyerMobile: '98220 11111', days: 1 };
  const plotOf = async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 1, totalArea: 100000 });
    return { projectId: project.projectId, plotId: (project.plots[0] as { plotId: number }).plotId };
  };

  it('changes the ETag when a hold ends by the clock alone, so an open board shows the plot free', async () => {
    const { projectId, plotId } = await plotOf();
    expect((await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    const held = await s.call(s.ravi, 'GET', `/api/board/${projectId}`);
    expect(held.json().plots[0].state).toBe('held');
    s.clock.now = START + DAY + 1000;
    const later = await s.call(s.ravi, 'GET', `/api/board/${projectId}`, undefined, {
      'if-none-match': held.headers.etag as string,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().plots[0].state).toBe('available');
    expect(later.json().plots[0].hold).toBeNull();
    const soon = await s.call(s.ravi, 'GET', '/api/holds/ending-soon');
    expect(soon.json().holds.map((h: { plotId: number }) => h.plotId)).not.toContain(plotId);
  });

  it('lets exactly one of ten users hold a plot whose hold has just expired', async () => {
    const { plotId } = await plotOf();
    expect((await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    s.clock.now = START + DAY + 1000;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.call(i % 2 ? s.asha : s.ravi, 'POST', `/api/plot/${plotId}/hold`, holdBody),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toMatch(/ is held for Kiran Patil by (Asha|Ravi) until 30\/11\/2026 11:30\.$/);
    }
    const rows = await s.t.asTenant(s.acme, (tdb) =>
      tdb.selectFrom('plot_holds').select(['end_reason']).where('plot_id', '=', plotId).orderBy('id').execute(),
    );
    expect(rows.map((r) => r.end_reason)).toEqual(['expired', null]);
  });

  it('refuses to let a salesperson release another’s hold, and lets the admin', async () => {
    const { plotId } = await plotOf();
    expect((await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    const ravi = await s.call(s.ravi, 'DELETE', `/api/plot/${plotId}/hold`);
    expect(ravi.statusCode).toBe(403);
    expect(ravi.json().message).toBe('Only the salesperson who holds this plot, or a company admin, can release it.');
    const admin = await s.call(s.admin, 'DELETE', `/api/plot/${plotId}/hold`);
    expect(admin.statusCode).toBe(200);
    const again = await s.call(s.admin, 'DELETE', `/api/plot/${plotId}/hold`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This plot is not on hold.');
  });

  it('changes the ETag when the buyer a plot is held for is renamed', async () => {
    const { projectId, plotId } = await plotOf();
    const held = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { ...holdBody, buyerMobile: '98220 66666' });
    expect(held.statusCode).toBe(201);
    const before = await s.call(s.ravi, 'GET', `/api/board/${projectId}`);
    const renamed = await s.call(s.asha, 'PUT', `/api/buyer/${held.json().buyerId}`, {
      name: 'Kiran Vasant Patil',
      mobile: '9822066666',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await s.call(s.ravi, 'GET', `/api/board/${projectId}`, undefined, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().plots[0].hold.buyerName).toBe('Kiran Vasant Patil');
  });

  it('scopes an Idempotency-Key to its plot: reused on another plot it is another request, never a replay', async () => {
    const a = await plotOf();
    const b = await plotOf();
    const headers = { 'idempotency-key': `hold-reuse-${a.plotId}-${b.plotId}` };
    const first = await s.call(s.asha, 'POST', `/api/plot/${a.plotId}/hold`, holdBody, headers);
    expect(first.statusCode).toBe(201);
    const other = await s.call(s.asha, 'POST', `/api/plot/${b.plotId}/hold`, holdBody, headers);
    expect(other.statusCode).toBe(201);
    expect(other.json().plotId).toBe(b.plotId);
    const replay = await s.call(s.asha, 'POST', `/api/plot/${a.plotId}/hold`, { ...holdBody, days: 2 }, headers);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe(
      'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    );
  });

  it('answers 404 to another company’s price list and writes a formula-looking plot name as text', async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 1, totalArea: 100000 });
    const theirs = await s.call(s.otherToken, 'GET', `/api/project/${project.projectId + 100000}/price-list`);
    expect(theirs.statusCode).toBe(404);
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const renamed = await s.t.call(s.acme.tenantId, {
      method: 'GET',
      url: `/api/project/${project.projectId}`,
      token: s.asha.token,
    });
    expect(renamed.statusCode).toBe(200);
    await s.t.asTenant(s.acme, (tdb) =>
      tdb
        .updateTable('plots')
        .set({ plot_name: '=HYPERLINK("http://evil.example","x")' })
        .where('id', '=', plotId)
        .execute(),
    );
    const list = await s.call(s.asha, 'GET', `/api/project/${project.projectId}/price-list`);
    expect(list.statusCode).toBe(200);
    const cells = await xlsxCells(list.rawPayload);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.some((c) => c.value === '=HYPERLINK("http://evil.example","x")')).toBe(true);
  });
  it('takes days only as a whole number (or its digits), never a boolean, a list or an exponent', async () => {
    const { plotId } = await plotOf();
    for (const days of [true, [3], { valueOf: 3 }, '', ' ', '1e1', '0x5']) {
      const res = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { ...holdBody, days });
      expect(res.statusCode, JSON.stringify(days)).toBe(400);
      expect(res.json().fields).toEqual({ days: 'A hold lasts 1 to 30 days' });
    }
    const digits = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { ...holdBody, days: '2' });
    expect(digits.statusCode).toBe(201);
    expect(digits.json().heldUntil).toBe(new Date(START + 2 * DAY).toISOString());
  });
});
