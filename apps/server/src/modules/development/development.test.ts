import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('development costs and partner contributions on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let project: { projectId: number; plots: { plotId: number }[] };
  let partner: number;
  let otherProject: { projectId: number; plots: { plotId: number }[] };

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
    const f = factories(t, acme, token);
    project = await f.project({ name: 'Dev One', plots: 2 });
    otherProject = await f.project({ name: 'Dev Two', plots: 1 });
    partner = await f.partner(project.projectId, 25, 'Vijay');
  });
  afterAll(() => t.close());

  const row = (change: object = {}) => ({
    projectId: project.projectId,
    partnerId: partner,
    category: 'per_project',
    plotId: null,
    particular: 'Road Rate',
    date: '2026-04-01',
    mode: 'Cash',
    amount: 12000,
    ...change,
  });
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload: payload as object } : {}) });

  it('saves per_project and per_plot rows in one batch', async () => {
    const plotId = project.plots[0]?.plotId;
    const res = await api('POST', '/api/development', [
      row(),
      row({ category: 'per_plot', plotId, particular: 'Marking Pole', amount: 800.75 }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Development information saved successfully!', total: 12800.75 });
    const list = (await api('GET', `/api/development/by-project/${project.projectId}`)).json();
    expect(
      list.map((d: { category: string; plotId: number | null; amount: number }) => [d.category, d.plotId, d.amount]),
    ).toEqual([
      ['per_project', null, 12000],
      ['per_plot', plotId, 800.75],
    ]);
  });

  it('needs a plot for per_sqft and per_plot, none for per_project, and a plot of the same project', async () => {
    const noPlot = await api('POST', '/api/development', [row({ category: 'per_sqft' })]);
    expect(noPlot.statusCode).toBe(400);
    expect(noPlot.json().message).toBe('Row 1: select a plot for a per_sqft cost.');
    const extraPlot = await api('POST', '/api/development', [row({ plotId: project.plots[0]?.plotId })]);
    expect(extraPlot.json().message).toBe('Row 1: a per_project cost is not charged to one plot.');
    const foreignPlot = await api('POST', '/api/development', [
      row(),
      row({ category: 'per_plot', plotId: otherProject.plots[0]?.plotId }),
    ]);
    expect(foreignPlot.statusCode).toBe(400);
    expect(foreignPlot.json().message).toBe('Row 2: the plot does not belong to this project.');
  });

  it('lists, edits and deletes contribution rows', async () => {
    const list = (await api('GET', `/api/partnercontribution?projectId=${project.projectId}`)).json();
    expect(list.length).toBeGreaterThanOrEqual(2);
    const plotOnly = (
      await api('GET', `/api/partnercontribution?projectId=${project.projectId}&plotId=${project.plots[0]?.plotId}`)
    ).json();
    expect(plotOnly.every((r: { plotId: number }) => r.plotId === project.plots[0]?.plotId)).toBe(true);
    const target = list[0];
    const update = await api('POST', '/api/partnercontribution/update', {
      developmentId: target.developmentId,
      particular: 'Labour Charge',
      amount: 15000.25,
      partnerId: partner,
      category: target.category,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ particular: 'Labour Charge', amount: 15000.25, partnerName: 'Vijay' });
    const bad = await api('POST', '/api/partnercontribution/update', {
      developmentId: target.developmentId,
      particular: 'Labour Charge',
      amount: -1,
      partnerId: partner,
    });
    expect(bad.statusCode).toBe(400);
    const del = await api('POST', '/api/partnercontribution/delete', { developmentId: target.developmentId });
    expect(del.statusCode).toBe(200);
    const again = await api('POST', '/api/partnercontribution/delete', { developmentId: target.developmentId });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.call(acme.tenantId, { method: 'GET', url: `/api/partnercontribution?projectId=${project.projectId}` }))
        .statusCode,
    ).toBe(401);
  });
});
