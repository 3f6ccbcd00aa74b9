import { rupeesFromPaise } from '@plotbook/domain';
import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerOf, createSerializerCompiler, JsonRows, responseJsonSchema } from '../src/lib/serializer.js';
import { buildTestApp, type TestContext } from './helpers.js';

const compileWith = (checkValues: boolean) => (schema: z.ZodType) =>
  createSerializerCompiler({ checkValues })({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;
const compile = compileWith(false);

describe('response serializer', () => {
  const row = z.object({
    plotId: z.number().int(),
    plotName: z.string(),
    amount: z.number(),
    partnerName: z.string().nullable(),
    state: z.enum(['paid', 'due']),
  });
  const report = z.object({ data: z.array(row), totals: z.object({ amount: z.number() }) });

  it('sends JSON the database wrote as it is, and holds it to the schema when checking values', () => {
    const text = '[{"plotId": 7, "plotName": "Plot 7", "amount": 12.5, "partnerName": null, "state": "due"}]';
    expect(compile(z.array(row))(new JsonRows(text))).toBe(text);
    expect(compileWith(true)(z.array(row))(new JsonRows(text))).toBe(text);
    const wrong = '[{"plotId": 7, "plotName": "Plot 7", "amount": "12.5", "partnerName": null, "state": "due"}]';
    expect(() => compileWith(true)(z.array(row))(new JsonRows(wrong))).toThrow();
  });

  it('writes only the schema fields, in its shape, with exact decimals and escaped text', () => {
    const out = compile(report)({
      data: [
        {
          plotId: 7,
          plotName: 'Plot "A" \u2013 12.5 sq ft',
          amount: 1234567.89,
          partnerName: null,
          state: 'paid',
          secret: 'x',
        },
      ],
      totals: { amount: 1234567.89, internal: 1 },
      extra: true,
    });
    expect(JSON.parse(out)).toEqual({
      data: [
        { plotId: 7, plotName: 'Plot "A" \u2013 12.5 sq ft', amount: 1234567.89, partnerName: null, state: 'paid' },
      ],
      totals: { amount: 1234567.89 },
    });
  });

  it('refuses an answer that lacks a required field instead of sending half of it', () => {
    expect(() =>
      compile(report)({ data: [{ plotId: 1, amount: 1, partnerName: null, state: 'due' }], totals: { amount: 1 } }),
    ).toThrow(/plotName/);
  });

  it('checks values with zod too when asked (tests): a null amount fails instead of going out as 0', () => {
    const bad = {
      data: [{ plotId: 1, plotName: 'P', amount: null, partnerName: null, state: 'due' }],
      totals: { amount: 1 },
    };
    expect(JSON.parse(compile(report)(bad)).data[0].amount).toBe(0);
    expect(() => compileWith(true)(report)(bad)).toThrow();
    expect(() =>
      compileWith(true)(report)({ ...bad, data: [{ ...bad.data[0], amount: 1, state: 'hacked' }] }),
    ).toThrow();
  });

  it('writes the fields marked rupeesFromPaise as paise ÷ 100, wherever they sit, and checks what it wrote', () => {
    const line = z.object({ amount: rupeesFromPaise(), count: z.number() });
    const answer = z.object({
      total: rupeesFromPaise(),
      due: rupeesFromPaise().nullable(),
      lines: z.array(line),
      rate: z.number(),
    });
    const data = {
      total: 123456789,
      due: null,
      lines: [
        { amount: 1, count: 3 },
        { amount: 1050, count: 1 },
      ],
      rate: 7,
    };
    for (const checkValues of [false, true]) {
      expect(JSON.parse(compileWith(checkValues)(answer)(data))).toEqual({
        total: 1234567.89,
        due: null,
        lines: [
          { amount: 0.01, count: 3 },
          { amount: 10.5, count: 1 },
        ],
        rate: 7,
      });
    }
    // The caller's rows are left as they were (a repository's cache may hold them).
    expect(data.lines[1]?.amount).toBe(1050);
    expect(answerOf(answer, { ...data, due: 250 }).due).toBe(2.5);
  });

  it('keeps zod for a schema JSON Schema cannot say', () => {
    const withTransform = z.object({ n: z.string().transform((s) => s.length) });
    expect(responseJsonSchema(withTransform)).toBeNull();
  });
});

describe('every route response schema', () => {
  let t: TestContext;
  // Building the app (a fresh embedded database) is set-up: it gets the hook's time, not the test's.
  beforeAll(async () => {
    t = await buildTestApp({ name: 'pglite' });
  });
  afterAll(() => t.close());

  it('compiles to the JSON writer (none falls back to zod)', () => {
    const fallbacks: string[] = [];
    let checked = 0;
    for (const route of t.app.routeInventory) {
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      for (const [status, schema] of Object.entries(response)) {
        checked += 1;
        const json = responseJsonSchema(schema);
        const compiles = json !== null && typeof fastJson(json as Parameters<typeof fastJson>[0]) === 'function';
        if (!compiles) fallbacks.push(`${String(route.method)} ${route.url} ${status}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(fallbacks).toEqual([]);
  });
});
