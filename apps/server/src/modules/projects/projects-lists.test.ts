import { projectDetailsSchema } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { factories } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { projectsSuite } from '../../../test/projects-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('project and plot lists on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;
  const { api, unpriced } = projectsSuite(engine, (v) => ({ t, acme, other, token, otherToken } = v));

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
      {
        plotId: p1.plotId,
        plotName: 'P1',
        totalPlotSize: 1000,
        plotNumber: null,
        ...unpriced,
        isSold: true,
        isRegistered: true,
      },
      {
        plotId: p2.plotId,
        plotName: 'P2',
        totalPlotSize: 1000,
        plotNumber: null,
        ...unpriced,
        isSold: true,
        isRegistered: false,
      },
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
