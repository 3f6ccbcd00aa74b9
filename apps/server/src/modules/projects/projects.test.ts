import { describe, expect, it } from 'vitest';
import { engines, type TestContext } from '../../../test/helpers.js';
import { projectsSuite } from '../../../test/projects-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('projects and plots on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  const { api, valid, unpriced } = projectsSuite(engine, (v) => ({ t, acme, token } = v));

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
        ...unpriced,
        isSold: false,
        isRegistered: false,
      },
      {
        plotId: expect.any(Number),
        plotName: 'A-2',
        totalPlotSize: 1500,
        plotNumber: null,
        ...unpriced,
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
});
