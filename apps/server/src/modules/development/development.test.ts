import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('development costs on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  /** A two-plot project of the test's own with a partner paying for it. */
  const devProject = async () => {
    const project = await f.project({ plots: 2 });
    const partner = await f.partner({ projectId: project.projectId, share: 25 });
    return { project, partner };
  };
  const row = ({ project, partner }: { project: { projectId: number }; partner: number }, change: object = {}) => ({
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
    const dev = await devProject();
    const { project } = dev;
    const plotId = project.plots[0]?.plotId;
    const res = await api('POST', '/api/development', [
      row(dev),
      row(dev, { category: 'per_plot', plotId, particular: 'Marking Pole', amount: 800.75 }),
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
    const dev = await devProject();
    const { project } = dev;
    const otherProject = await f.project({ plots: 1 });
    const noPlot = await api('POST', '/api/development', [row(dev, { category: 'per_sqft' })]);
    expect(noPlot.statusCode).toBe(400);
    expect(noPlot.json().message).toBe('Row 1: select a plot for a per_sqft cost.');
    const extraPlot = await api('POST', '/api/development', [row(dev, { plotId: project.plots[0]?.plotId })]);
    expect(extraPlot.json().message).toBe('Row 1: a per_project cost is not charged to one plot.');
    const foreignPlot = await api('POST', '/api/development', [
      row(dev),
      row(dev, { category: 'per_plot', plotId: otherProject.plots[0]?.plotId }),
    ]);
    expect(foreignPlot.statusCode).toBe(400);
    expect(foreignPlot.json().message).toBe('Row 2: the plot does not belong to this project.');
  });

  it('answers an empty page for a project without entries, and 404 for a project that does not exist', async () => {
    const { project } = await devProject();
    const empty = await api('GET', `/api/development/by-project/${project.projectId}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    expect(empty.headers['x-total-amount']).toBe('0.00');
    const missing = await api('GET', '/api/development/by-project/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Project not found.' });
  });

  it('totals the whole list in the headers, not the page, with and without a search', async () => {
    const dev = await devProject();
    const saved = await api('POST', '/api/development', [
      row(dev, { amount: 100 }),
      row(dev, { amount: 250.5, particular: 'JCB Work' }),
      row(dev, { amount: 49.5 }),
    ]);
    expect(saved.json()).toMatchObject({ total: 400 });
    const url = `/api/development/by-project/${dev.project.projectId}`;
    const page = await api('GET', `${url}?limit=1`);
    expect(page.json()).toHaveLength(1);
    expect([page.headers['x-total-count'], page.headers['x-total-amount']]).toEqual(['3', '400.00']);
    const searched = await api('GET', `${url}?limit=1&q=jcb`);
    expect(searched.json()).toEqual([expect.objectContaining({ particular: 'JCB Work', amount: 250.5 })]);
    expect([searched.headers['x-total-count'], searched.headers['x-unfiltered-count']]).toEqual(['1', '3']);
    expect(searched.headers['x-total-amount']).toBe('250.50');
  });

  it("answers 401 without a token and 404 for another company's project", async () => {
    const dev = await devProject();
    const url = `/api/development/by-project/${dev.project.projectId}`;
    expect((await t.call(acme.tenantId, { method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call(acme.tenantId, { method: 'POST', url: '/api/development', payload: [row(dev)] })).statusCode,
    ).toBe(401);
    const globexToken = await t.userToken(globex);
    const foreign = await t.call(globex.tenantId, { method: 'GET', url, token: globexToken });
    expect(foreign.statusCode).toBe(404);
    const foreignSave = await t.call(globex.tenantId, {
      method: 'POST',
      url: '/api/development',
      token: globexToken,
      payload: [row(dev)],
    });
    expect(foreignSave.statusCode).toBe(404);
    expect(foreignSave.json()).toEqual({ message: 'Project not found.' });
  });
});
