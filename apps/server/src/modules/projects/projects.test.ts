import { projectDetailsSchema } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('projects and plots on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, second: other, secondToken: otherToken } = c), { second: 'other' });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token, tenant = acme) =>
    t.call(tenant.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });

  const valid = {
    projectName: 'Green Valley',
    city: 'Nagpur',
    totalArea: 10000,
    totalRate: 150.5,
    saleableOption: 'yes',
    roadArea: 1000,
    mandirArea: 500,
    amenitiesArea: 250.5,
    plots: [
      { plotName: 'A-1', totalPlotSize: 1200.25, plotNumber: '1' },
      { plotName: 'A-2', totalPlotSize: 1500 },
    ],
  };

  it('creates a project with its plots and computes amount and saleable area', async () => {
    const res = await api('POST', '/api/project', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Project saved successfully!');
    const project = (await api('GET', `/api/project/${res.json().projectId}`)).json();
    expect(project).toMatchObject({
      projectName: 'Green Valley',
      totalAmount: 1505000,
      saleableOption: 'yes',
      saleableArea: 8249.5,
      plotCount: 2,
    });
    expect(
      project.plots.map((p: { plotName: string; totalPlotSize: number; isSold: boolean }) => [
        p.plotName,
        p.totalPlotSize,
        p.isSold,
      ]),
    ).toEqual([
      ['A-1', 1200.25, false],
      ['A-2', 1500, false],
    ]);
    const list = (await api('GET', '/api/project')).json();
    expect(list).toContainEqual(expect.objectContaining({ projectName: 'Green Valley', plotCount: 2 }));
    const details = (await api('GET', '/api/project/all-details')).json();
    const green = details.find((d: { projectName: string }) => d.projectName === 'Green Valley');
    expect(green).toMatchObject({ city: 'Nagpur', plotCount: 2, totalAmount: 1505000 });
    expect(green.plots).toEqual([
      {
        plotId: expect.any(Number),
        plotName: 'A-1',
        totalPlotSize: 1200.25,
        plotNumber: '1',
        isSold: false,
        isRegistered: false,
      },
      {
        plotId: expect.any(Number),
        plotName: 'A-2',
        totalPlotSize: 1500,
        plotNumber: null,
        isSold: false,
        isRegistered: false,
      },
    ]);
    const plots = (await api('GET', `/api/plot/by-project/${project.projectId}`)).json();
    expect(plots).toHaveLength(2);
    const plot = (await api('GET', `/api/plot/${plots[0].plotId}`)).json();
    expect(plot).toMatchObject({ plotName: 'A-1', saleAmount: null });
  });

  it.each([
    [{ projectName: '' }, 'Please fill all required fields.'],
    [{ totalArea: undefined }, 'Please fill all required fields.'],
    [{ plots: [{ plotName: '', totalPlotSize: 10 }] }, 'Plot 1: Please fill all required fields.'],
    [{ plots: [] }, 'At least one plot is required.'],
    [
      {
        plots: [
          { plotName: 'X', totalPlotSize: 6000 },
          { plotName: 'Y', totalPlotSize: 4000.01 },
        ],
      },
      'Sum of plot sizes cannot exceed Total Area.',
    ],
    [
      {
        plots: [
          { plotName: 'X', totalPlotSize: 10 },
          { plotName: 'x', totalPlotSize: 10 },
        ],
      },
      'Plot name "x" is used twice. Plot names must be unique in a project.',
    ],
    [{ totalRate: -1 }, 'Total rate cannot be negative'],
  ])('refuses %o', async (change, message) => {
    const res = await api('POST', '/api/project', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses plots that add up to more than the saleable area, and accepts them when the option is off', async () => {
    const project = {
      ...valid,
      projectName: 'Saleable Check',
      totalArea: 10000,
      roadArea: 1500,
      mandirArea: 500,
      amenitiesArea: 1000,
      plots: [
        { plotName: 'S-1', totalPlotSize: 6000 },
        { plotName: 'S-2', totalPlotSize: 1000.01 },
      ],
    };
    const refused = await api('POST', '/api/project', project);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Sum of plot sizes cannot exceed Saleable Area.',
      fields: { plots: 'Sum of plot sizes cannot exceed Saleable Area.' },
    });

    const fits = await api('POST', '/api/project', {
      ...project,
      plots: [project.plots[0], { plotName: 'S-2', totalPlotSize: 1000 }],
    });
    expect(fits.statusCode).toBe(201);
    const updated = await api('PUT', `/api/project/${fits.json().projectId}`, project);
    expect(updated.statusCode).toBe(400);
    expect(updated.json().message).toBe('Sum of plot sizes cannot exceed Saleable Area.');

    const notSaleable = await api('POST', '/api/project', {
      ...project,
      projectName: 'Not Saleable',
      saleableOption: 'no',
    });
    expect(notSaleable.statusCode).toBe(201);
  });

  it('edits plots, and refuses to remove a plot that has entries', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 3 });
    const partner = await f.partner({ projectId: project.projectId, share: 50 });
    const [p1, p2, p3] = project.plots;
    await f.developmentRows([
      {
        projectId: project.projectId,
        plotId: p3?.plotId,
        category: 'per_plot',
        partnerId: partner,
        particular: 'JCB Work',
        date: '2026-01-10',
        mode: 'Cash',
        amount: 500,
      },
    ]);
    const base = { projectName: 'Edited', city: 'Wardha', totalArea: 10000, totalRate: 100 };
    // Rename p1 to p2's name and back-swap: allowed in one save.
    const swap = await api('PUT', `/api/project/${project.projectId}`, {
      ...base,
      plots: [
        { plotId: p1?.plotId, plotName: 'P2', totalPlotSize: 1000 },
        { plotId: p2?.plotId, plotName: 'P1', totalPlotSize: 1000 },
        { plotId: p3?.plotId, plotName: 'P3', totalPlotSize: 1000 },
        { plotName: 'P4', totalPlotSize: 2000 },
      ],
    });
    expect(swap.statusCode).toBe(200);
    const after = (await api('GET', `/api/project/${project.projectId}`)).json();
    expect(after.projectName).toBe('Edited');
    expect(after.plots.map((p: { plotName: string }) => p.plotName)).toEqual(['P2', 'P1', 'P3', 'P4']);

    const removeUsed = await api('PUT', `/api/project/${project.projectId}`, {
      ...base,
      plots: [{ plotId: p1?.plotId, plotName: 'P2', totalPlotSize: 1000 }],
    });
    expect(removeUsed.statusCode).toBe(409);
    expect(removeUsed.json().message).toBe('P3 has entries recorded against it and cannot be removed.');
    // Nothing of the refused save was kept.
    expect((await api('GET', `/api/project/${project.projectId}`)).json().plots).toHaveLength(4);

    const deletePlot = await api('DELETE', `/api/plot/${p3?.plotId}`);
    expect(deletePlot.statusCode).toBe(409);
    const deleteProject = await api('DELETE', `/api/project/${project.projectId}`);
    expect(deleteProject.statusCode).toBe(409);
    expect(deleteProject.json().message).toBe('Edited has 1 development entry recorded and cannot be deleted.');
    const freePlot = await api('DELETE', `/api/plot/${p1?.plotId}`);
    expect(freePlot.statusCode).toBe(200);
  });

  it('saves the changed size, number and name of some plots and leaves the others as they were', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 3 });
    const [p1, p2, p3] = project.plots;
    const base = { projectName: 'Sizes', city: 'Nagpur', totalArea: 10000, totalRate: 100 };
    const first = await api('PUT', `/api/project/${project.projectId}`, {
      ...base,
      plots: [
        { plotId: p1?.plotId, plotName: 'P1', totalPlotSize: 1000, plotNumber: '7A' },
        { plotId: p2?.plotId, plotName: 'P2', totalPlotSize: 1000 },
        { plotId: p3?.plotId, plotName: 'P3', totalPlotSize: 1000 },
      ],
    });
    expect(first.statusCode).toBe(200);
    const second = await api('PUT', `/api/project/${project.projectId}`, {
      ...base,
      plots: [
        { plotId: p1?.plotId, plotName: 'P1', totalPlotSize: 1000 },
        { plotId: p2?.plotId, plotName: 'P2', totalPlotSize: 12.5, plotNumber: '2' },
        { plotId: p3?.plotId, plotName: 'P3 Corner', totalPlotSize: 1000 },
      ],
    });
    expect(second.statusCode).toBe(200);
    const plots = (await api('GET', `/api/project/${project.projectId}`)).json().plots;
    expect(
      plots.map((p: { plotName: string; totalPlotSize: number; plotNumber: string | null }) => [
        p.plotName,
        Number(p.totalPlotSize),
        p.plotNumber,
      ]),
    ).toEqual([
      ['P1', 1000, null],
      ['P2', 12.5, '2'],
      ['P3 Corner', 1000, null],
    ]);
  });

  it('creates a project once when the same form is sent twice with one Idempotency-Key', async () => {
    const projectName = `Twice Sent ${Date.now()}`;
    const send = () =>
      t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/project',
        token,
        headers: { 'idempotency-key': `project-form-${projectName}` },
        payload: { ...valid, projectName },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const named = (await api('GET', '/api/project'))
      .json()
      .filter((p: { projectName: string }) => p.projectName === projectName);
    expect(named).toHaveLength(1);
  });

  it('refuses, with what to do, a save from a screen opened before another save removed one of its plots', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 3 });
    const [p1, p2, p3] = project.plots;
    const base = { projectName: 'Two Tabs', city: 'Pune', totalArea: 10000, totalRate: 100 };
    const plots = [
      { plotId: p1?.plotId, plotName: 'P1', totalPlotSize: 1000 },
      { plotId: p2?.plotId, plotName: 'P2', totalPlotSize: 1000 },
      { plotId: p3?.plotId, plotName: 'P3', totalPlotSize: 1000 },
    ];
    const removed = await api('PUT', `/api/project/${project.projectId}`, { ...base, plots: plots.slice(0, 2) });
    expect(removed.statusCode).toBe(200);
    const stale = await api('PUT', `/api/project/${project.projectId}`, { ...base, plots });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "P3 is no longer one of this project's plots (it was removed meanwhile). Reload the project and make your changes again.",
    );
    expect((await api('GET', `/api/project/${project.projectId}`)).json().plots).toHaveLength(2);
  });

  it('counts the entries that keep a project in plain English', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 1, name: 'Counted' });
    const partner = await f.partner({ projectId: project.projectId, share: 10 });
    const entry = (amount: number) => ({
      projectId: project.projectId,
      partnerId: partner,
      category: 'per_project',
      particular: 'JCB Work',
      date: '2026-01-10',
      mode: 'Cash',
      amount,
    });
    await f.developmentRows(Array.from({ length: 11 }, (_, i) => entry(100 + i)));
    const refused = await api('DELETE', `/api/project/${project.projectId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Counted has 11 development entries recorded and cannot be deleted.');
  });

  it('deletes a project with no entries, with its plots', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 2 });
    const res = await api('DELETE', `/api/project/${project.projectId}`);
    expect(res.statusCode).toBe(200);
    expect((await api('GET', `/api/project/${project.projectId}`)).statusCode).toBe(404);
  });

  it("answers 401 without a token and 404 for another tenant's ids", async () => {
    const f = factories(t, acme, token);
    const project = await f.project();
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/project' })).statusCode).toBe(401);
    const foreign = await api('GET', `/api/project/${project.projectId + 1000}`, undefined, otherToken, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Project not found.' });
    // Same numeric id in the other tenant is that tenant's own (empty) data, never acme's.
    const otherList = (await api('GET', '/api/project', undefined, otherToken, other)).json();
    expect(otherList).toEqual([]);
    expect((await api('GET', `/api/plot/${project.plots[0]?.plotId}`, undefined, otherToken, other)).statusCode).toBe(
      404,
    );
  });

  it('lists projects with plot counts, and one project’s plots on request (View Projects)', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 3, name: `Lean ${Date.now()}` });
    const p1 = project.plots[0] as { plotId: number };
    const p2 = project.plots[1] as { plotId: number };
    await f.sale({ projectId: project.projectId, plotId: p1.plotId });
    await f.sale({ projectId: project.projectId, plotId: p2.plotId });
    await f.registration({ plotId: p1.plotId, office: 'Nagpur', date: '2026-11-01', documentNo: 'D-1' });
    const summaries = await api('GET', '/api/project/summaries');
    expect(summaries.statusCode).toBe(200);
    const mine = summaries.json().find((p: { projectId: number }) => p.projectId === project.projectId);
    expect(mine).toMatchObject({ projectName: project.projectName, plotCount: 3, soldCount: 2, registeredCount: 1 });
    expect(mine).not.toHaveProperty('plots');

    const plots = await api('GET', `/api/project/${project.projectId}/plot-summaries`);
    expect(plots.statusCode).toBe(200);
    expect(plots.json()).toEqual([
      { plotId: p1.plotId, plotName: 'P1', totalPlotSize: 1000, plotNumber: null, isSold: true, isRegistered: true },
      { plotId: p2.plotId, plotName: 'P2', totalPlotSize: 1000, plotNumber: null, isSold: true, isRegistered: false },
      expect.objectContaining({ plotName: 'P3', isSold: false, isRegistered: false }),
    ]);
    // The spec's all-details still answers every project with its plots, in the same shape, agreeing with the lean
    // routes and /api/project.
    const detailsRes = await api('GET', '/api/project/all-details');
    expect(detailsRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const details = detailsRes.json();
    expect(z.array(projectDetailsSchema).parse(details)).toEqual(details);
    const full = details.find((p: { projectId: number }) => p.projectId === project.projectId);
    expect(full.plots).toEqual(plots.json());
    const { plots: _plots, ...fields } = full;
    const list = (await api('GET', '/api/project')).json();
    expect(fields).toEqual(list.find((p: { projectId: number }) => p.projectId === project.projectId));
    // Paged by plots in creation order: this company's few plots fit one page, so every project is on it.
    expect(details.map((p: { projectId: number }) => p.projectId)).toEqual(
      list.map((p: { projectId: number }) => p.projectId).sort((a: number, b: number) => a - b),
    );
    expect(detailsRes.headers['x-total-count']).toBe(String(list.length));
    expect(detailsRes.headers.link).toBeUndefined();
  });

  it('pages All Project Details by plots: whole projects, as many as fit in the limit, at least one', async () => {
    const company = await t.createTenant('paged');
    const companyToken = await t.userToken(company);
    const f = factories(t, company, companyToken);
    const a = await f.project({ name: 'Paged A', plots: 2 });
    const b = await f.project({ name: 'Paged B', plots: 3 });
    const c = await f.project({ name: 'Paged C', plots: 2 });
    const get = (url: string) => api('GET', url, undefined, companyToken, company);

    const pages: { ids: number[]; plots: number[]; total: string | undefined }[] = [];
    let url: string | undefined = '/api/project/all-details?limit=4';
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { projectId: number; plots: unknown[] }[];
      pages.push({
        ids: body.map((p) => p.projectId),
        plots: body.map((p) => p.plots.length),
        total: res.headers['x-total-count'] as string | undefined,
      });
      url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
    }
    // A (2) fits in 4 plots, A + B (5) does not; B (3) then C would make 5; C last.
    expect(pages).toEqual([
      { ids: [a.projectId], plots: [2], total: '3' },
      { ids: [b.projectId], plots: [3], total: '3' },
      { ids: [c.projectId], plots: [2], total: '3' },
    ]);

    // A project larger than the limit still comes whole, alone on its page.
    const small = await get('/api/project/all-details?limit=1');
    expect(small.json().map((p: { projectName: string; plots: unknown[] }) => [p.projectName, p.plots.length])).toEqual(
      [['Paged A', 2]],
    );
    expect(small.headers.link).toMatch(/^<\/api\/project\/all-details\?limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);

    // Without a limit every plot fits in the default 500: one page, no next link.
    const all = await get('/api/project/all-details');
    expect(all.json().map((p: { projectName: string }) => p.projectName)).toEqual(['Paged A', 'Paged B', 'Paged C']);
    expect(all.headers.link).toBeUndefined();
  });

  it('sends at most 500 plots a page of All Project Details by default', async () => {
    const company = await t.createTenant('big');
    const companyToken = await t.userToken(company);
    const f = factories(t, company, companyToken);
    await f.project({ name: 'Big A', plots: 300, totalArea: 300000 });
    await f.project({ name: 'Big B', plots: 300, totalArea: 300000 });
    const first = await api('GET', '/api/project/all-details', undefined, companyToken, company);
    expect(first.json().map((p: { projectName: string; plots: unknown[] }) => [p.projectName, p.plots.length])).toEqual(
      [['Big A', 300]],
    );
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1] as string;
    const second = await api('GET', next, undefined, companyToken, company);
    expect(
      second.json().map((p: { projectName: string; plots: unknown[] }) => [p.projectName, p.plots.length]),
    ).toEqual([['Big B', 300]]);
    expect(second.headers.link).toBeUndefined();
  });

  it('refuses a cursor All Project Details did not hand out, and a limit that is not a number', async () => {
    const bad = await api('GET', '/api/project/all-details?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'cursor is not valid; start again from the first page',
      fields: { cursor: 'cursor is not valid; start again from the first page' },
    });
    const limit = await api('GET', '/api/project/all-details?limit=all');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toContain(
      'limit must be a whole number of at least 1 (a page holds at most 500 rows)',
    );
  });

  it('lists a project’s plots on both plot routes, and answers 404 for another company’s project', async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 1 });
    for (const url of [`/api/project/${project.projectId}/plots`, `/api/plot/by-project/${project.projectId}`]) {
      expect((await api('GET', url)).json()).toEqual([expect.objectContaining({ plotName: 'P1' })]);
      const foreign = await api('GET', url, undefined, otherToken, other);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: 'Project not found.' });
    }
  });

  it("answers 401, and 404 for another company's project, on the lean View Projects routes", async () => {
    const f = factories(t, acme, token);
    const project = await f.project({ plots: 1 });
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/project/summaries' })).statusCode).toBe(401);
    const url = `/api/project/${project.projectId}/plot-summaries`;
    expect((await t.call(acme.tenantId, { method: 'GET', url })).statusCode).toBe(401);
    const foreign = await api('GET', url, undefined, otherToken, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Project not found.' });
    expect((await api('GET', '/api/project/summaries', undefined, otherToken, other)).json()).toEqual([]);
  });
});
