import type { TenantRecord } from '../src/db/tenancy.js';
import type { TestContext } from './helpers.js';

/** Small builders that go through the real API, so test data obeys every rule the app enforces. */
export function factories(t: TestContext, tenant: TenantRecord, token: string) {
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await t.call(tenant.tenantId, { method, url, token, payload: payload as object });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  let n = 0;
  return {
    async project(options: { plots?: number; totalArea?: number; plotSize?: number; name?: string } = {}) {
      n += 1;
      const plots = options.plots ?? 3;
      const body = await call('POST', '/api/project', {
        projectName: options.name ?? `Project ${n}`,
        city: 'Nagpur',
        totalArea: options.totalArea ?? 10000,
        totalRate: 100,
        plots: Array.from({ length: plots }, (_, i) => ({
          plotName: `P${i + 1}`,
          totalPlotSize: options.plotSize ?? 1000,
        })),
      });
      const project = (
        await t.call(tenant.tenantId, { method: 'GET', url: `/api/project/${body.projectId}`, token })
      ).json();
      return project as { projectId: number; plots: { plotId: number; plotName: string }[] };
    },
    async partner(projectId: number, share: number | null = null, name?: string) {
      n += 1;
      const body = await call('POST', '/api/partner', {
        partnerName: name ?? `Partner ${n}`,
        city: 'Pune',
        projects: [{ projectId, percentageShare: share }],
      });
      return body.partnerId as number;
    },
    purchases: (rows: object[]) => call('POST', '/api/purchase', rows),
    development: (rows: object[]) => call('POST', '/api/development', rows),
  };
}
