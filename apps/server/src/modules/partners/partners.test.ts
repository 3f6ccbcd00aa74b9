import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('partners on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(acme.tenantId, { method, url, token, ...(payload ? { payload } : {}) });

  it('saves a partner once when the same form is sent twice with one Idempotency-Key', async () => {
    const name = `Twice Sent ${Date.now()}`;
    const project = await f.project({ name: `Of ${name}` });
    const send = () =>
      t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/partner',
        token,
        headers: { 'idempotency-key': `partner-form-${name}` },
        payload: {
          partnerName: name,
          city: 'Pune',
          email: 'twice@example.com',
          phone: '9822011111',
          projects: [{ projectId: project.projectId, percentageShare: 33.33 }],
        },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const named = (await api('GET', '/api/partner'))
      .json()
      .filter((p: { partnerName: string }) => p.partnerName === name);
    expect(named).toHaveLength(1);
  });

  it('saves a partner with shares in two projects and lists them per project', async () => {
    const a = await f.project({ name: 'Alpha' });
    const b = await f.project({ name: 'Beta' });
    const res = await api('POST', '/api/partner', {
      partnerName: 'Suresh Rao',
      city: 'Nagpur',
      email: 'Suresh@Example.com',
      phone: '9876543210',
      projects: [
        { projectId: a.projectId, percentageShare: 60 },
        { projectId: b.projectId, percentageShare: null },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Partner saved successfully!');
    const partner = (await api('GET', `/api/partner/${res.json().partnerId}`)).json();
    expect(partner).toMatchObject({ partnerName: 'Suresh Rao', email: 'suresh@example.com' });
    expect(partner.projects).toEqual([
      { projectId: a.projectId, projectName: 'Alpha', percentageShare: 60 },
      { projectId: b.projectId, projectName: 'Beta', percentageShare: null },
    ]);
    const ofProject = (await api('GET', `/api/project/${a.projectId}/partners`)).json();
    expect(ofProject).toEqual([
      {
        partnerId: partner.partnerId,
        partnerName: 'Suresh Rao',
        percentageShare: 60,
        archivedAt: null,
        archiveReason: null,
      },
    ]);

    // A second partner may take the remaining 40 %, not more.
    const over = await api('POST', '/api/partner', {
      partnerName: 'Greedy',
      city: 'Pune',
      projects: [{ projectId: a.projectId, percentageShare: 40.5 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Shares in Alpha would add up to 100.5%; they may not exceed 100%. At most 40% is left.',
    );
    const fits = await api('POST', '/api/partner', {
      partnerName: 'Fair',
      city: 'Pune',
      projects: [{ projectId: a.projectId, percentageShare: 40 }],
    });
    expect(fits.statusCode).toBe(201);

    // Editing the first partner's own share is checked without counting their old share.
    const edit = await api('PUT', `/api/partner/${partner.partnerId}`, {
      partnerName: 'Suresh R.',
      city: 'Nagpur',
      projects: [{ projectId: a.projectId, percentageShare: 60 }],
    });
    expect(edit.statusCode).toBe(200);
    expect((await api('GET', `/api/partner/${partner.partnerId}`)).json().projects).toHaveLength(1);
  });

  it('accepts shares such as 16.67 % and refuses to unlink a project where the partner has entries', async () => {
    const p = await f.project({ name: 'Sixths' });
    const q = await f.project({ name: 'Other' });
    const res = await api('POST', '/api/partner', {
      partnerName: 'Sixth',
      city: 'Pune',
      projects: [
        { projectId: p.projectId, percentageShare: 16.67 },
        { projectId: q.projectId, percentageShare: 8.2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().partnerId;
    await f.purchases([
      {
        projectId: p.projectId,
        partnerId: id,
        particular: 'Kharedikhar',
        date: '2026-02-01',
        mode: 'Cash',
        amount: 100,
      },
    ]);
    const unlink = await api('PUT', `/api/partner/${id}`, {
      partnerName: 'Sixth',
      city: 'Pune',
      projects: [{ projectId: q.projectId, percentageShare: 8.2 }],
    });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().message).toBe('Sixth has entries in Sixths, so that project cannot be removed from them.');
    const dropOther = await api('PUT', `/api/partner/${id}`, {
      partnerName: 'Sixth',
      city: 'Pune',
      projects: [{ projectId: p.projectId, percentageShare: 16.67 }],
    });
    expect(dropOther.statusCode).toBe(200);
  });

  it('keeps shares at or below 100 % when two clerks save at once', async () => {
    const p = await f.project({ name: 'Race' });
    const save = (name: string) =>
      api('POST', '/api/partner', {
        partnerName: name,
        city: 'Pune',
        projects: [{ projectId: p.projectId, percentageShare: 60 }],
      });
    const results = await Promise.all([save('One'), save('Two')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('stores a mobile number written as +91 98220 11111 as +919822011111', async () => {
    const p = await f.project({ name: 'Mobile Check' });
    const res = await api('POST', '/api/partner', {
      partnerName: 'Mobile Partner',
      city: 'Pune',
      phone: '+91 98220 11111',
      projects: [{ projectId: p.projectId }],
    });
    expect(res.statusCode).toBe(201);
    const partner = (await api('GET', `/api/partner/${res.json().partnerId}`)).json();
    expect(partner.phone).toBe('+919822011111');
  });

  it.each([
    [{ projects: [] }, 'At least one project is required.'],
    [{ partnerName: '' }, 'Partner name is required'],
    [{ email: 'bad' }, 'Enter a valid email address'],
    [{ phone: '12' }, 'Enter a valid mobile number, e.g. 98220 11111'],
    [
      { projects: [{ projectId: 1, percentageShare: 120 }] },
      'Project 1: Share must be between 0 and 100 with at most 2 decimals',
    ],
  ])('refuses %o', async (change, message) => {
    const res = await api('POST', '/api/partner', {
      partnerName: 'X',
      city: 'Pune',
      projects: [{ projectId: 1 }],
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a project listed twice and an unknown project', async () => {
    const p = await f.project();
    const twice = await api('POST', '/api/partner', {
      partnerName: 'X',
      city: 'Pune',
      projects: [{ projectId: p.projectId }, { projectId: p.projectId }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('A project is listed twice. Choose each project once.');
    const unknown = await api('POST', '/api/partner', {
      partnerName: 'X',
      city: 'Pune',
      projects: [{ projectId: 99999 }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a partner without entries and refuses one with entries', async () => {
    const p = await f.project();
    const idle = await f.partner({ projectId: p.projectId });
    const busy = await f.partner({ projectId: p.projectId, share: null, name: 'Busy Bee' });
    await f.purchases([
      {
        projectId: p.projectId,
        partnerId: busy,
        particular: 'Kharedikhar',
        date: '2026-02-01',
        mode: 'Cheque',
        amount: 1000,
      },
    ]);
    expect((await api('DELETE', `/api/partner/${idle}`)).statusCode).toBe(200);
    const refused = await api('DELETE', `/api/partner/${busy}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Busy Bee has 1 payment entry recorded and cannot be deleted. Archive the partner instead: they leave the lists and their money stays in the reports.',
    );
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/partner' })).statusCode).toBe(401);
    expect((await api('GET', '/api/partner/424242')).statusCode).toBe(404);
  });
});
