import { describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { projectsSuite } from '../../../test/projects-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('project and plot edits on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;
  const { api } = projectsSuite(engine, (v) => ({ t, acme, other, token, otherToken } = v));

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
    expect(deletePlot.json().message).toBe(
      'P3 has entries recorded against it and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.',
    );
    const deleteProject = await api('DELETE', `/api/project/${project.projectId}`);
    expect(deleteProject.statusCode).toBe(409);
    expect(deleteProject.json().message).toBe(
      'Edited has 1 development entry recorded and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.',
    );
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
    expect(refused.json().message).toBe(
      'Counted has 11 development entries recorded and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.',
    );
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
});
