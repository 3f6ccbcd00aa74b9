import { PLAN_MAX_BYTES, PLAN_TOO_LARGE, PLAN_WRONG_TYPE } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type BoardSuite, START, setUpBoardSuite } from './board-suite.js';
import { engines } from './helpers.js';

/**
 * Attacks on the plot board and its holds (issue 21), through the real server: no sign-in, another company's ids,
 * double submits, and races between holds and sales of one plot. Each attack keeps guarding as a test.
 */
describe.each(engines)('plot board and holds under attack on $name', (engine) => {
  let s: BoardSuite;
  setUpBoardSuite(engine, (suite) => {
    s = suite;
  });

  const plotOf = async () => {
    s.clock.now = START;
    const project = await s.f.project({ plots: 1, totalArea: 100000 });
    return { projectId: project.projectId, plotId: (project.plots[0] as { plotId: number }).plotId };
  };
  const holdBody = { buyerName: 'Kiran Patil', buyerMobile: '98220 11111', days: 3 };
  const saleBody = (projectId: number, plotId: number, buyerMobile = '98220 22222') => ({
    projectId,
    plotId,
    saleDate: '2026-11-28',
    saleAmount: 500000,
    paymentType: 'Cash',
    buyerName: 'Sunil Jadhav',
    buyerMobile,
  });
  const noLeak = (body: string) => {
    expect(body).not.toMatch(/select |insert |violates|constraint|at \/|\.ts:\d+|stack/i);
  };

  it('answers 401 to every new route without a sign-in', async () => {
    const { projectId, plotId } = await plotOf();
    const routes: [Parameters<BoardSuite['call']>[1], string][] = [
      ['GET', `/api/board/${projectId}`],
      ['POST', `/api/plot/${plotId}/hold`],
      ['DELETE', `/api/plot/${plotId}/hold`],
      ['GET', '/api/holds/ending-soon'],
      ['GET', `/api/project/${projectId}/plan`],
      ['GET', `/api/project/${projectId}/plan/info`],
      ['DELETE', `/api/project/${projectId}/plan`],
    ];
    for (const [method, url] of routes) {
      const res = await s.call(null, method, url, method === 'POST' ? holdBody : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404, never 403, to another company for this company’s board, plot, hold and plan', async () => {
    const { projectId, plotId } = await plotOf();
    expect((await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    const tries: [Parameters<BoardSuite['call']>[1], string, unknown][] = [
      ['GET', `/api/board/${projectId}`, undefined],
      ['POST', `/api/plot/${plotId}/hold`, holdBody],
      ['DELETE', `/api/plot/${plotId}/hold`, undefined],
      ['GET', `/api/project/${projectId}/plan/info`, undefined],
      ['DELETE', `/api/project/${projectId}/plan`, undefined],
    ];
    for (const [method, url, body] of tries) {
      const res = await s.call(s.otherToken, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      noLeak(res.body);
    }
    const ending = await s.call(s.otherToken, 'GET', '/api/holds/ending-soon');
    expect(ending.statusCode).toBe(200);
    expect(ending.json().holds).toEqual([]);
  });

  it('refuses a hold for a buyer id the company does not have with a 404', async () => {
    // Each company has its own schema, so another company's buyer ids are simply ids this one may lack.
    const { plotId } = await plotOf();
    const res = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { buyerId: 987654, days: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Buyer not found.');
  });

  it('refuses bad plot ids and bad days with a 400, not a 500', async () => {
    const { plotId } = await plotOf();
    for (const url of ['/api/plot/abc/hold', '/api/plot/99999999999/hold', '/api/plot/-1/hold']) {
      const res = await s.call(s.asha, 'POST', url, holdBody);
      expect(res.statusCode, url).toBe(400);
      noLeak(res.body);
    }
    for (const days of [0, 31, 2.5, '3; drop table plots']) {
      const res = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, { ...holdBody, days });
      expect(res.statusCode, String(days)).toBe(400);
    }
    expect((await s.call(s.asha, 'GET', '/api/board/99999999999')).statusCode).toBe(400);
  });

  it('answers a double submit of a hold with one Idempotency-Key once: the same hold twice', async () => {
    const { plotId } = await plotOf();
    const headers = { 'idempotency-key': `hold-${plotId}-once` };
    const [a, b] = await Promise.all([
      s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody, headers),
      s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody, headers),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // Either both answered the one hold, or the second is told the first is still in flight (409), never two holds.
    expect([201, 409]).toContain(statuses[0]);
    expect(statuses[1]).toBe(201);
    const again = await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody, headers);
    expect(again.statusCode).toBe(201);
    const first = (a.statusCode === 201 ? a : b).json();
    expect(again.json().holdId).toBe(first.holdId);
    const open = await s.t.asTenant(s.acme, (tdb) =>
      tdb.selectFrom('plot_holds').select('id').where('plot_id', '=', plotId).execute(),
    );
    expect(open).toHaveLength(1);
  });

  it('lets exactly one of a hold and another user’s sale of one plot win when they come at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { projectId, plotId } = await plotOf();
      const [hold, sale] = await Promise.all([
        s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody),
        s.call(s.ravi, 'POST', '/api/sale', saleBody(projectId, plotId)),
      ]);
      if (hold.statusCode === 201) {
        expect(sale.statusCode).toBe(409);
        expect(sale.json().message).toMatch(/^Plot .* is held for Kiran Patil by Asha until 01\/12\/2026 11:30\./);
      } else {
        expect(hold.statusCode).toBe(409);
        expect(hold.json().message).toMatch(/is already sold; a sold plot cannot be held\.$/);
        expect(sale.statusCode).toBe(201);
      }
      const live = await s.t.asTenant(s.acme, (tdb) =>
        tdb.selectFrom('plot_holds').select('id').where('plot_id', '=', plotId).where('ended_at', 'is', null).execute(),
      );
      expect(live).toHaveLength(hold.statusCode === 201 ? 1 : 0);
    }
  });

  it('sells a plot once when two users sell it at once', async () => {
    const { projectId, plotId } = await plotOf();
    const answers = await Promise.all([
      s.call(s.asha, 'POST', '/api/sale', saleBody(projectId, plotId, '98220 44444')),
      s.call(s.ravi, 'POST', '/api/sale', saleBody(projectId, plotId, '98220 55555')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    noLeak(answers.find((a) => a.statusCode === 409)?.body ?? '');
  });

  it('a holder’s sale, their release and another user’s hold at once: one of the sale and the new hold wins', async () => {
    const { projectId, plotId } = await plotOf();
    expect((await s.call(s.asha, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    const [sale, release, rehold] = await Promise.all([
      s.call(s.asha, 'POST', '/api/sale', saleBody(projectId, plotId)),
      s.call(s.asha, 'DELETE', `/api/plot/${plotId}/hold`),
      s.call(s.ravi, 'POST', `/api/plot/${plotId}/hold`, holdBody),
    ]);
    expect([200, 404]).toContain(release.statusCode);
    const board = await s.call(s.ravi, 'GET', `/api/board/${projectId}`);
    const plot = board.json().plots.find((p: { plotId: number }) => p.plotId === plotId);
    // Either the sale came first (the plot is sold, the new hold refused), or the release let Ravi's hold in first
    // (the plot is held for him, Asha's sale refused): never both, never neither.
    expect([sale.statusCode, rehold.statusCode].sort()).toEqual([201, 409]);
    if (sale.statusCode === 201) {
      expect(plot.state).toBe('sold');
      expect(plot.hold).toBeNull();
    } else {
      expect(release.statusCode).toBe(200);
      expect(plot.state).toBe('held');
      expect(sale.json().message).toMatch(/held/);
    }
  });

  it('changes the board’s ETag when a hold is made, and answers 304 to the same one', async () => {
    const { projectId, plotId } = await plotOf();
    const first = await s.call(s.asha, 'GET', `/api/board/${projectId}`);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await s.call(s.asha, 'GET', `/api/board/${projectId}`, undefined, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // Another company sending this company's ETag learns nothing: its own board id is a 404.
    const theirs = await s.call(s.otherToken, 'GET', `/api/board/${projectId}`, undefined, { 'if-none-match': etag });
    expect(theirs.statusCode).toBe(404);
    expect((await s.call(s.ravi, 'POST', `/api/plot/${plotId}/hold`, holdBody)).statusCode).toBe(201);
    const after = await s.call(s.asha, 'GET', `/api/board/${projectId}`, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  describe('the layout plan', () => {
    const put = (projectId: number, type: string | null, body: Buffer | string) =>
      s.t.call(s.acme.tenantId, {
        method: 'PUT',
        url: `/api/project/${projectId}/plan`,
        token: s.asha.token,
        headers: type === null ? {} : { 'content-type': type },
        payload: body,
      });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect id="P1" width="5" height="5"/>${inner}</svg>`;

    it('serves a PNG-header polyglot carrying HTML and SVG as a PNG only, never as markup', async () => {
      const { projectId } = await plotOf();
      const polyglot = Buffer.concat([png, Buffer.from('<html><svg onload=alert(1)><script>alert(1)</script>')]);
      expect((await put(projectId, 'image/svg+xml', polyglot)).json().message).toBe(
        'The file is a PNG image but was sent as an SVG drawing. Upload it again.',
      );
      expect((await put(projectId, 'image/png', polyglot)).statusCode).toBe(200);
      const got = await s.call(s.asha, 'GET', `/api/project/${projectId}/plan`);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    });

    it('refuses lying, compressed, empty, wrong-typed and oversized uploads with plain messages', async () => {
      const { projectId } = await plotOf();
      const svgz = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]);
      const cases: [string | null, Buffer | string, number, string][] = [
        ['image/png', svg(''), 400, 'The file is an SVG drawing but was sent as a PNG image. Upload it again.'],
        ['image/svg+xml', svgz, 400, `The file is not an SVG drawing. ${PLAN_WRONG_TYPE}`],
        ['image/jpeg', Buffer.from('GIF89a....'), 400, `The file is not a JPEG image. ${PLAN_WRONG_TYPE}`],
        ['image/svg+xml', Buffer.alloc(0), 400, 'The plan file is empty.'],
        ['text/html', '<svg/>', 415, PLAN_WRONG_TYPE],
        ['application/json', '{"a":1}', 415, PLAN_WRONG_TYPE],
        [null, svg(''), 415, PLAN_WRONG_TYPE],
        ['image/png', Buffer.concat([png, Buffer.alloc(PLAN_MAX_BYTES + 1 - png.length)]), 413, PLAN_TOO_LARGE],
      ];
      for (const [type, body, status, message] of cases) {
        const res = await put(projectId, type, body);
        expect(res.statusCode, `${type}`).toBe(status);
        expect(res.json().message, `${type}`).toBe(message);
      }
      const exact = await put(projectId, 'image/png', Buffer.concat([png, Buffer.alloc(PLAN_MAX_BYTES - png.length)]));
      expect(exact.statusCode).toBe(200);
    });

    it('cleans script, handlers, external references and CDATA tricks out of an SVG', async () => {
      const { projectId } = await plotOf();
      const attack = svg(
        '<script>alert(1)</script><g onload="alert(2)"><a xlink:href="javascript:alert(3)"><circle r="1"/></a></g>' +
          '<animate attributeName="href" to="javascript:alert(4)"/><set attributeName="onmouseover" to="alert(5)"/>' +
          '<use href="http://evil.example/x.svg#a"/><image href="https://evil.example/p.png"/>' +
          '<foreignObject><iframe src="javascript:alert(6)"/></foreignObject><style>@import url(//evil.example)</style>' +
          '<rect style="fill:url(http://evil.example/#f);stroke:red" width="1" height="1"/>' +
          '<text><![CDATA[</text><script>alert(7)</script>]]></text><![CDATA[<script>alert(8)</script>]]>',
      ).replace('<svg ', '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ');
      const res = await put(projectId, 'image/svg+xml', attack);
      expect(res.statusCode).toBe(200);
      const text = (await s.call(s.asha, 'GET', `/api/project/${projectId}/plan`)).body;
      expect(text).not.toMatch(/<script|onload|onmouseover|javascript:|evil\.example|<iframe|<use|<image|@import/i);
      expect(text).toContain('<text>&lt;/text&gt;&lt;script&gt;alert(7)&lt;/script&gt;</text>');
      expect(text).toContain('<rect style="stroke:red" width="1" height="1">');
    });

    it('refuses a billion-laughs DOCTYPE and an SVG of more than 50,000 elements', async () => {
      const { projectId } = await plotOf();
      const laughs =
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        `<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text><rect width="1" height="1"/></svg>`;
      const refused = await put(projectId, 'image/svg+xml', laughs);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('The SVG may not declare a DOCTYPE or entities. Save it again as plain SVG.');
      const huge = await put(projectId, 'image/svg+xml', svg('<g/>'.repeat(50_001)));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe('The SVG has too many elements (more than 50,000).');
    });
  });
});
