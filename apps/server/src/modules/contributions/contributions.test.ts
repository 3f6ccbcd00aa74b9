import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('partner contributions on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object, as: string | undefined = token, on = acme) =>
    t.call(on.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });
  const list = (query: string, as?: string, on?: TenantRecord) =>
    api('GET', `/api/partnercontribution?${query}`, undefined, as, on);
  const update = (payload: object, as?: string, on?: TenantRecord) =>
    api('POST', '/api/partnercontribution/update', payload, as, on);
  const remove = (
    developmentId: number,
    as?: string,
    on?: TenantRecord,
    reason: string | undefined = 'Entered twice',
  ) => api('POST', '/api/partnercontribution/delete', { developmentId, reason }, as, on);

  /** A project of the test's own with a partner, Vijay, who paid one development cost. */
  async function contribution(change: Record<string, unknown> = {}) {
    const project = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId: project.projectId, share: 25, name: 'Vijay' });
    const entry = await f.development({ projectId: project.projectId, partnerId, ...change });
    return { project, partnerId, developmentId: entry.id };
  }

  it("lists a project's contributions with the count and total of the whole list", async () => {
    const { project, partnerId } = await contribution({ amount: 12000 });
    const plotId = project.plots[0]?.plotId;
    await f.development({
      projectId: project.projectId,
      partnerId,
      category: 'per_plot',
      plotId,
      particular: 'Marking Pole',
      amount: 800.75,
    });
    const res = await list(`projectId=${project.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-total-amount']).toBe('12800.75');
    expect(
      res
        .json()
        .map((r: { category: string; plotId: number | null; amount: number; partnerName: string }) => [
          r.category,
          r.plotId,
          r.amount,
          r.partnerName,
        ]),
    ).toEqual([
      ['per_project', null, 12000, 'Vijay'],
      ['per_plot', plotId, 800.75, 'Vijay'],
    ]);
  });

  it("lists only one plot's contributions when a plot is given", async () => {
    const { project, partnerId } = await contribution();
    const [p1, p2] = project.plots as unknown as [{ plotId: number }, { plotId: number }];
    for (const plotId of [p1.plotId, p2.plotId]) {
      await f.development({ projectId: project.projectId, partnerId, category: 'per_plot', plotId, amount: 500 });
    }
    const plotOnly = (await list(`projectId=${project.projectId}&plotId=${p1.plotId}`)).json();
    expect(plotOnly.map((r: { plotId: number }) => r.plotId)).toEqual([p1.plotId]);
  });

  it('answers 404 for a project that does not exist', async () => {
    const res = await list('projectId=424242');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found.' });
  });

  it('edits the particular, amount and partner of a contribution', async () => {
    const { project, developmentId } = await contribution();
    const other = await f.partner({ projectId: project.projectId, share: 10, name: 'Anil' });
    const res = await update({ developmentId, particular: 'Labour Charge', amount: 15000.25, partnerId: other });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      developmentId,
      particular: 'Labour Charge',
      amount: 15000.25,
      partnerId: other,
      partnerName: 'Anil',
      category: 'per_project',
    });
    const [row] = (await list(`projectId=${project.projectId}`)).json();
    expect(row).toMatchObject({ particular: 'Labour Charge', amount: 15000.25, partnerName: 'Anil' });
  });

  it('changes the date and mode when they are sent', async () => {
    const { partnerId, developmentId } = await contribution({ date: '2026-04-01', mode: 'Cash' });
    const res = await update({
      developmentId,
      particular: 'Road Rate',
      amount: 12000,
      partnerId,
      date: '2026-05-09',
      mode: 'Cheque',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ date: '2026-05-09', mode: 'Cheque' });
  });

  it('refuses a partner who is not a partner of the project, and changes nothing', async () => {
    const { project, developmentId } = await contribution({ amount: 12000 });
    const stranger = (await contribution()).partnerId;
    const res = await update({ developmentId, particular: 'Labour Charge', amount: 1, partnerId: stranger });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 1: the partner is not a partner of this project.');
    const [row] = (await list(`projectId=${project.projectId}`)).json();
    expect(row).toMatchObject({ particular: 'Road Rate', amount: 12000, partnerName: 'Vijay' });
  });

  it.each([
    [{ amount: -1 }, 'Amount cannot be negative'],
    [{ amount: 0 }, 'Amount must be more than 0'],
    [{ amount: 10.001 }, 'Amount may have at most 2 decimals'],
    [{ particular: 'Cake' }, 'All fields are required in each row'],
  ])('refuses an update with %o', async (change, message) => {
    const { partnerId, developmentId } = await contribution();
    const res = await update({ developmentId, particular: 'Road Rate', amount: 100, partnerId, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses to change the category of a contribution', async () => {
    const { partnerId, developmentId } = await contribution();
    const res = await update({ developmentId, particular: 'Road Rate', amount: 100, partnerId, category: 'per_sqft' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The category of a contribution cannot be changed here; delete it and record it again.',
    );
  });

  it('voids a contribution once, with a reason; a second void answers 409, and a voided one is not edited', async () => {
    const { project, developmentId } = await contribution();
    const blank = await remove(developmentId, undefined, undefined, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      message: 'Give a reason for voiding this entry',
      fields: { reason: 'Give a reason for voiding this entry' },
    });
    const res = await remove(developmentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contribution voided.' });
    expect((await list(`projectId=${project.projectId}`)).json()).toEqual([]);
    const [shown] = (await list(`projectId=${project.projectId}&voided=include`)).json();
    expect(shown).toMatchObject({ developmentId, voidedBy: 'Test USER', voidReason: 'Entered twice' });
    expect(Number.isNaN(Date.parse(shown.voidedAt))).toBe(false);
    const again = await remove(developmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This contribution is already voided.' });
    const edit = await update({ developmentId, particular: 'Road Rate', amount: 1, partnerId: 1 });
    expect(edit.statusCode).toBe(409);
    const unknown = await update({ developmentId: 424242, particular: 'Road Rate', amount: 1, partnerId: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Development entry not found.' });
  });

  it('answers 401 without a token on every route', async () => {
    const { project, partnerId, developmentId } = await contribution();
    expect((await list(`projectId=${project.projectId}`, '')).statusCode).toBe(401);
    expect((await update({ developmentId, particular: 'Road Rate', amount: 1, partnerId }, '')).statusCode).toBe(401);
    expect((await remove(developmentId, '')).statusCode).toBe(401);
  });

  it('answers 403 to the platform admin and to a user of another company on this host', async () => {
    const { project, partnerId, developmentId } = await contribution();
    for (const as of [await t.superAdminToken(), globexToken]) {
      expect((await list(`projectId=${project.projectId}`, as)).statusCode).toBe(403);
      expect((await update({ developmentId, particular: 'Road Rate', amount: 1, partnerId }, as)).statusCode).toBe(403);
      expect((await remove(developmentId, as)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's ids and leaves its rows alone", async () => {
    const { project, partnerId, developmentId } = await contribution({ amount: 4321 });
    const listed = await list(`projectId=${project.projectId}`, globexToken, globex);
    expect(listed.statusCode).toBe(404);
    expect(listed.json()).toEqual({ message: 'Project not found.' });
    const changed = await update(
      { developmentId, particular: 'Labour Charge', amount: 1, partnerId },
      globexToken,
      globex,
    );
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ message: 'Development entry not found.' });
    const deleted = await remove(developmentId, globexToken, globex);
    expect(deleted.statusCode).toBe(404);
    const [row] = (await list(`projectId=${project.projectId}`)).json();
    expect(row).toMatchObject({ developmentId, particular: 'Road Rate', amount: 4321 });
  });
});
