import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { factories } from './factories.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

// A tenant admin owns the company: the working screens' endpoints are theirs too, on their own company only.
describe.each(engines)("a tenant admin in the company's working area on $name", (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let owner: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    other = await t.createTenant('other');
    owner = await t.userToken(acme, 'TENANT_ADMIN');
  });
  afterAll(() => t.close());

  it('reads the dashboard and records a purchase on a project they created', async () => {
    const f = factories(t, acme, owner);
    const project = await f.project({ name: 'Owner Farm', plots: 2 });
    const partner = await f.partner({ projectId: project.projectId, share: 40, name: 'Owner Partner' });
    const saved = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/purchase',
      token: owner,
      payload: [
        {
          projectId: project.projectId,
          partnerId: partner,
          particular: 'Visarpavti',
          date: '2026-03-05',
          mode: 'Cash',
          amount: 12500.5,
        },
      ],
    });
    expect(saved.statusCode).toBe(201);
    const list = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/purchase/by-project/${project.projectId}`,
      token: owner,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ particular: 'Visarpavti', amount: 12500.5 })]);
    const dashboard = await t.call(acme.tenantId, { method: 'GET', url: '/api/dashboard', token: owner });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({ totalPlots: 2 });
  });

  it("is refused on another company's host", async () => {
    const res = await t.call(other.tenantId, { method: 'GET', url: '/api/dashboard', token: owner });
    expect(res.statusCode).toBe(403);
  });
});
