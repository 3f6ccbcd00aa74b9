import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('activities on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}) });

  it('offers names by type, creates an activity as Active, changes its status and deletes it', async () => {
    const { projectId } = await f.project();
    const names = (await api('GET', `/api/activity/names?projectId=${projectId}&type=PLOT_SALE`)).json();
    expect(names).toEqual(['Plot Sale']);
    expect((await api('GET', '/api/activity/names?type=PLOT_PURCHASE')).json()).toContain('Kharedikhar');
    expect((await api('GET', '/api/activity/names?type=NOPE')).statusCode).toBe(400);

    const created = await api('POST', '/api/activity/save', {
      projectId,
      activityType: 'PLOT_SALE',
      activityName: 'Plot Sale',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      projectId,
      activityType: 'PLOT_SALE',
      activityName: 'Plot Sale',
      status: 'Active',
    });
    const id = created.json().id;
    const changed = await api('POST', '/api/activity/save', {
      id,
      projectId,
      activityType: 'PLOT_SALE',
      activityName: 'Plot Sale',
      status: 'Inactive',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().status).toBe('Inactive');
    const list = (await api('GET', `/api/activity/list?projectId=${projectId}`)).json();
    expect(list).toEqual([expect.objectContaining({ id, status: 'Inactive' })]);
    expect((await api('DELETE', `/api/activity/${id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/activity/${id}`)).statusCode).toBe(404);
  });

  it('validates with the spec message and refuses unknown projects', async () => {
    const { projectId } = await f.project();
    const res = await api('POST', '/api/activity/save', { projectId, activityType: 'PLOT_SALE', activityName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select project, type, name and status.');
    const unknown = await api('POST', '/api/activity/save', {
      projectId: 99999,
      activityType: 'PLOT_SALE',
      activityName: 'Plot Sale',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.call(acme.tenantId, { method: 'GET', url: `/api/activity/list?projectId=${projectId}` })).statusCode,
    ).toBe(401);
  });
});
