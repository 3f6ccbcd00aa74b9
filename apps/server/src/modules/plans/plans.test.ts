import { readFileSync } from 'node:fs';
import { PLAN_MAX_BYTES, PLAN_TOO_LARGE, PLAN_WRONG_TYPE } from '@plotbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { SVG_HAS_DOCTYPE } from './plan-svg.js';

const FIXTURE = readFileSync(new URL('../../../test/fixtures/layout-plan.svg', import.meta.url));
/** A real 1×1 PNG, and a real 1×1 lossless WebP. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
const CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

describe.each(engines)('layout plans on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, second: other } = c), { second: 'other' });
  beforeAll(async () => {
    otherToken = await t.userToken(other, 'USER');
  });

  const project = async (tenant = acme, as = token) => {
    const res = await t.call(tenant.tenantId, {
      method: 'POST',
      url: '/api/project',
      token: as,
      payload: {
        projectName: `Plan project ${Math.random().toString(36).slice(2, 8)}`,
        city: 'Wardha',
        totalArea: 40000,
        totalRate: 95,
        plots: Array.from({ length: 3 }, (_, i) => ({ plotName: `Plot ${i + 1}`, totalPlotSize: 1200 })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().projectId as number;
  };
  const upload = (projectId: number, body: Buffer | string, type: string, query = '', as = token, tenant = acme) =>
    t.call(tenant.tenantId, {
      method: 'PUT',
      url: `/api/project/${projectId}/plan${query}`,
      token: as,
      headers: { 'content-type': type },
      payload: body,
    });
  const get = (projectId: number, headers: Record<string, string> = {}, as = token, tenant = acme) =>
    t.call(tenant.tenantId, { method: 'GET', url: `/api/project/${projectId}/plan`, token: as, headers });

  it('stores an SVG cleaned, serves it with nosniff, a sandboxing CSP and an ETag, and answers 304 to it', async () => {
    const projectId = await project();
    const res = await upload(projectId, FIXTURE, 'image/svg+xml', '?fileName=sai-nagar.svg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ projectId, kind: 'svg', mime: 'image/svg+xml', fileName: 'sai-nagar.svg' });

    const served = await get(projectId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(CSP);
    expect(served.headers['cache-control']).toBe('private, no-cache');
    const svg = served.body;
    expect(res.json().size).toBe(Buffer.byteLength(svg));
    // The fixture's script, onload, onclick, external image, url() fill and editor data are gone ...
    expect(svg).not.toMatch(/script|onload|onclick|evil\.example|<image|url\(|sodipodi|metadata|cookie/);
    // ... and its plots, names, labels and road are kept.
    expect(svg).toMatch(/<rect id="plot-7" style="stroke:#343a40" inkscape:label="Plot 7" x="552"/);
    expect(svg).toContain('<title>Plot 20</title>');
    expect(svg).toContain('30 ft Road');
    expect(svg.match(/<rect id="plot-\d+"/g)).toHaveLength(20);

    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"plan-\d+-\d+-\d+"$/);
    const again = await get(projectId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const info = await t.call(acme.tenantId, { method: 'GET', url: `/api/project/${projectId}/plan/info`, token });
    expect(info.json()).toEqual({ plan: res.json() });
  });

  it('replaces the plan with an image, served as its own bytes, with a new ETag; then removes it', async () => {
    const projectId = await project();
    await upload(projectId, FIXTURE, 'image/svg+xml');
    const svgTag = (await get(projectId)).headers.etag;
    const res = await upload(projectId, PNG, 'image/png', '?fileName=scan.png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length, fileName: 'scan.png' });
    const served = await get(projectId, { 'if-none-match': svgTag as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers.etag).not.toBe(svgTag);

    expect((await upload(projectId, WEBP, 'image/webp')).json()).toMatchObject({ kind: 'image', mime: 'image/webp' });

    const removed = await t.call(acme.tenantId, { method: 'DELETE', url: `/api/project/${projectId}/plan`, token });
    expect(removed.json()).toEqual({ message: 'Layout plan removed.' });
    const gone = await get(projectId);
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'This project has no layout plan.']);
    const info = await t.call(acme.tenantId, { method: 'GET', url: `/api/project/${projectId}/plan/info`, token });
    expect(info.json()).toEqual({ plan: null });
    const twice = await t.call(acme.tenantId, { method: 'DELETE', url: `/api/project/${projectId}/plan`, token });
    expect(twice.statusCode).toBe(404);
  });

  it('checks the file by its bytes: a type that does not match, an unknown one, a DOCTYPE, an empty file', async () => {
    const projectId = await project();
    const refused = async (body: Buffer | string, type: string) => {
      const res = await upload(projectId, body, type);
      return [res.statusCode, res.json().message];
    };
    expect(await refused(PNG, 'image/jpeg')).toEqual([
      400,
      'The file is a PNG image but was sent as a JPEG image. Upload it again.',
    ]);
    expect(await refused(FIXTURE, 'image/png')).toEqual([
      400,
      'The file is an SVG drawing but was sent as a PNG image. Upload it again.',
    ]);
    expect(await refused(GIF, 'image/png')).toEqual([400, `The file is not a PNG image. ${PLAN_WRONG_TYPE}`]);
    expect(await refused(PNG, 'image/svg+xml')).toEqual([
      400,
      'The file is a PNG image but was sent as an SVG drawing. Upload it again.',
    ]);
    expect(await refused(GIF, 'image/gif')).toEqual([415, PLAN_WRONG_TYPE]);
    expect(await refused('<svg/>', 'text/plain')).toEqual([415, PLAN_WRONG_TYPE]);
    expect(await refused(JSON.stringify({ plan: '<svg/>' }), 'application/json')).toEqual([415, PLAN_WRONG_TYPE]);
    expect(await refused(`<!DOCTYPE svg [<!ENTITY a "b">]>${FIXTURE}`, 'image/svg+xml')).toEqual([
      400,
      SVG_HAS_DOCTYPE,
    ]);
    expect(
      await refused(Buffer.concat([Buffer.from('<svg><text>'), Buffer.from([0xc3, 0x28])]), 'image/svg+xml'),
    ).toEqual([400, 'The SVG is not UTF-8 text. Save it again as plain SVG (UTF-8).']);
    expect((await upload(projectId, Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
    // Nothing was stored.
    expect((await get(projectId)).statusCode).toBe(404);
  });

  it('takes up to 5 MB here (the rest of the app keeps 1 MB) and refuses more with a 413', async () => {
    const projectId = await project();
    const big = Buffer.alloc(PLAN_MAX_BYTES);
    PNG.copy(big);
    const ok = await upload(projectId, big, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().size).toBe(PLAN_MAX_BYTES);
    const tooBig = await upload(projectId, Buffer.concat([big, Buffer.from([0])]), 'image/png');
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, PLAN_TOO_LARGE]);
    // JSON elsewhere is still held to 1 MB.
    const json = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/buyer',
      token,
      payload: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(json.statusCode).toBe(413);
  });

  it("answers 404 for another company's project, and leaves its plan alone", async () => {
    // Ids are per company: theirs is one this company has not reached yet.
    const mine = await project();
    let theirs = await project(other, otherToken);
    while (theirs <= mine) theirs = await project(other, otherToken);
    expect((await upload(theirs, PNG, 'image/png', '', otherToken, other)).statusCode).toBe(200);
    expect((await upload(theirs, FIXTURE, 'image/svg+xml')).statusCode).toBe(404);
    expect((await get(theirs)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/project/${theirs}/plan/info`],
      ['DELETE', `/api/project/${theirs}/plan`],
    ] as const) {
      expect((await t.call(acme.tenantId, { method, url, token })).statusCode, url).toBe(404);
    }
    const still = await get(theirs, {}, otherToken, other);
    expect(still.rawPayload.equals(PNG)).toBe(true);
  });

  it('deletes the plan with its project', async () => {
    const projectId = await project();
    await upload(projectId, PNG, 'image/png');
    const res = await t.call(acme.tenantId, { method: 'DELETE', url: `/api/project/${projectId}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const trail = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/audit?entity=plan&entityId=${projectId}`,
      token: await t.userToken(acme, 'TENANT_ADMIN'),
    });
    expect((trail.json() as { action: string }[]).map((r) => r.action)).toEqual(['delete', 'create']);
  });
});
