import { paise } from '@plotbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('archive, not delete, on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let admin: string;
  let otherAdmin: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: other } = c), { second: 'other' });
  beforeAll(async () => {
    admin = await t.userToken(acme, 'TENANT_ADMIN');
    otherAdmin = await t.userToken(other, 'TENANT_ADMIN');
  });

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = admin, tenant = acme) =>
    t.call(tenant.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });
  /** The ids a list answers: its rows' `plotId`, else `partnerId`, else `projectId`. */
  const ids = async (url: string) =>
    ((await api('GET', url)).json() as Record<string, unknown>[]).map(
      (r) => r.plotId ?? r.partnerId ?? r.projectId,
    ) as number[];
  /** A record's trail rows as the API answers them, newest first. */
  const history = async (entity: string, id: number) =>
    (await api('GET', `/api/audit?entity=${entity}&entityId=${id}`)).json() as {
      action: string;
      reason: string | null;
      userName: string;
      changes: Record<string, unknown[]>;
    }[];

  it('archives a project with a reason: gone from the pickers, listed on request, recorded, and restored', async () => {
    const { projectId, partnerId } = await f.purchase({ amount: 5000 });
    const report = async () => (await api('GET', '/api/report/project-wise')).json();
    const before = await report();

    const archived = await api('POST', `/api/project/${projectId}/archive`, { reason: 'Sold off the land' });
    expect(archived.statusCode).toBe(200);
    const archivedAt = archived.json().archivedAt as string;
    expect(new Date(archivedAt).toISOString()).toBe(archivedAt);
    expect(await ids('/api/project')).not.toContain(projectId);
    const all = (await api('GET', '/api/project?archived=include')).json() as Record<string, unknown>[];
    expect(all.find((p) => p.projectId === projectId)).toMatchObject({
      archivedAt,
      archiveReason: 'Sold off the land',
    });
    expect(all.filter((p) => p.projectId !== projectId).every((p) => p.archivedAt === null)).toBe(true);
    // Its money is history: the reports count it as before.
    expect(await report()).toEqual(before);
    // No new money against it.
    const purchase = await api('POST', '/api/purchase', [
      { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 5 },
    ]);
    expect(purchase.statusCode).toBe(409);
    expect(purchase.json().message).toMatch(/^Project .+ is archived; restore it before recording money against it\.$/);
    // Archived twice: refused.
    expect((await api('POST', `/api/project/${projectId}/archive`, { reason: 'again' })).statusCode).toBe(409);

    const restored = await api('POST', `/api/project/${projectId}/restore`, { reason: 'Deal fell through' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archivedAt).toBeNull();
    expect(await ids('/api/project')).toContain(projectId);
    const again = await api('POST', `/api/project/${projectId}/restore`);
    expect(again.statusCode, again.body).toBe(409);
    const rows = await history('project', projectId);
    expect(rows.slice(0, 2).map((r) => [r.action, r.reason, r.userName])).toEqual([
      ['restore', 'Deal fell through', 'Test TENANT_ADMIN'],
      ['archive', 'Sold off the land', 'Test TENANT_ADMIN'],
    ]);
    expect(rows[1]?.changes).toMatchObject({
      archive_reason: [null, 'Sold off the land'],
      archived_at: [null, archivedAt],
    });
    expect(rows[0]?.changes).toMatchObject({ archive_reason: ['Sold off the land', null] });
    // The trail still verifies.
    expect((await api('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('archives a plot: left out of the plot pickers, no new sale or receipt on it', async () => {
    const project = await f.project({ plots: 3 });
    const [p1, p2] = project.plots as { plotId: number }[];
    const plotId = p1?.plotId as number;
    const partnerId = await f.partner({ projectId: project.projectId });
    const { saleId } = await f.sale({ projectId: project.projectId, plotId: p2?.plotId as number });
    expect((await api('POST', `/api/plot/${plotId}/archive`, { reason: 'Merged into P2' })).statusCode).toBe(200);
    for (const url of [`/api/plot/by-project/${project.projectId}`, `/api/project/${project.projectId}/plots`]) {
      expect(await ids(url)).toEqual([p2?.plotId, project.plots[2]?.plotId]);
      const all = (await api('GET', `${url}?archived=include`)).json() as Record<string, unknown>[];
      expect(all.map((p) => [p.plotId, p.archiveReason])).toEqual([
        [plotId, 'Merged into P2'],
        [p2?.plotId, null],
        [project.plots[2]?.plotId, null],
      ]);
    }
    const sale = await api('POST', '/api/sale', {
      projectId: project.projectId,
      plotId,
      saleAmount: 800000,
      paymentType: 'Cash',
    });
    expect(sale.statusCode).toBe(409);
    expect(sale.json().message).toMatch(/^Plot P1 is archived/);
    // A sold plot archived: its receipts stop too.
    expect((await api('POST', `/api/plot/${p2?.plotId}/archive`, { reason: 'On hold' })).statusCode).toBe(200);
    const receipt = await api('POST', '/api/payment', {
      projectId: project.projectId,
      plotId: p2?.plotId,
      status: 'Completed',
      payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cash', amount: 10, partnerId }],
    });
    expect(receipt.statusCode).toBe(409);
    expect(saleId).toBeGreaterThan(0);
    expect((await history('plot', plotId))[0]).toMatchObject({ action: 'archive', reason: 'Merged into P2' });
  });

  it('archives a partner: left out of the partner pickers, no new entry or payout for them', async () => {
    const { projectId, partnerId } = await f.purchase({ amount: 1000 });
    const keep = await f.partner({ projectId });
    const summary = async () => (await api('GET', `/api/payment/partners-summary?projectId=${projectId}`)).json();
    const before = await summary();
    expect((await api('POST', `/api/partner/${partnerId}/archive`, { reason: 'Left the firm' })).statusCode).toBe(200);
    // Their money stays in the partner figures.
    expect(await summary()).toEqual(before);
    expect(before.map((p: { partnerId: number }) => p.partnerId)).toContain(partnerId);
    expect(await ids('/api/partner')).not.toContain(partnerId);
    expect(await ids('/api/partner')).toContain(keep);
    expect(await ids(`/api/project/${projectId}/partners`)).toEqual([keep]);
    expect(await ids(`/api/project/${projectId}/partners?archived=include`)).toContain(partnerId);
    const one = (await api('GET', `/api/partner/${partnerId}`)).json();
    expect(one).toMatchObject({ archiveReason: 'Left the firm' });
    const purchase = await api('POST', '/api/purchase', [
      { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 5 },
    ]);
    expect(purchase.statusCode).toBe(409);
    expect(purchase.json().message).toMatch(/^Partner .+ is archived/);
    const payout = await api('POST', '/api/partner-payout', {
      projectId,
      partnerId,
      date: '2026-11-01',
      mode: 'Cash',
      amount: 1,
    });
    expect(payout.statusCode).toBe(409);
    expect(payout.json().message).toMatch(/is archived/);
    expect((await api('POST', `/api/partner/${partnerId}/restore`)).statusCode).toBe(200);
    expect(await ids('/api/partner')).toContain(partnerId);
  });

  it('a delete of what money refers to says to archive it; a delete of what nothing refers to still works', async () => {
    const { projectId, partnerId } = await f.purchase();
    for (const url of [`/api/project/${projectId}`, `/api/partner/${partnerId}`]) {
      const res = await api('DELETE', url, undefined, token);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message, url).toMatch(/cannot be deleted\. Archive (it|the partner) instead/);
    }
    const sold = await f.project({ plots: 2 });
    await f.sale({ projectId: sold.projectId, plotId: sold.plots[0]?.plotId as number, amountPaise: paise(100) });
    const plot = await api('DELETE', `/api/plot/${sold.plots[0]?.plotId}`, undefined, token);
    expect(plot.statusCode).toBe(409);
    expect(plot.json().message).toBe(
      'P1 is sold and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.',
    );
    const free = await f.project({ plots: 1 });
    const freePartner = await f.partner({ projectId: free.projectId });
    expect((await api('DELETE', `/api/partner/${freePartner}`, undefined, token)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/project/${free.projectId}`, undefined, token)).statusCode).toBe(200);
  });

  it('is for a tenant admin, needs a reason, and finds only the company’s own records', async () => {
    const { projectId, partnerId } = await f.purchase();
    const plotId = (await f.project({ plots: 1 })).plots[0]?.plotId as number;
    const targets = [`/api/project/${projectId}`, `/api/plot/${plotId}`, `/api/partner/${partnerId}`];
    for (const target of targets) {
      expect((await api('POST', `${target}/archive`, { reason: 'x' }, token)).statusCode, target).toBe(403);
      expect((await api('POST', `${target}/restore`, {}, token)).statusCode, target).toBe(403);
      for (const body of [{}, { reason: '   ' }]) {
        const res = await api('POST', `${target}/archive`, body);
        expect(res.statusCode, target).toBe(400);
        expect(res.json().fields.reason, target).toBe('Reason is required');
      }
      // Another company's admin: these ids are not theirs.
      const foreign = await api('POST', `${target}/archive`, { reason: 'x' }, otherAdmin, other);
      expect(foreign.statusCode, target).toBe(404);
      expect((await api('POST', `${target}/restore`, {}, otherAdmin, other)).statusCode, target).toBe(404);
    }
    // Nothing was archived by any of that.
    expect(await ids('/api/project')).toContain(projectId);
    expect(await ids('/api/partner')).toContain(partnerId);
  });
});
