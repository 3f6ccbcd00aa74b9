import { paiseFields } from '@plotbook/domain';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serializer = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Convert = (value: unknown) => unknown;

/** A response schema as JSON Schema, or null when JSON Schema cannot say it (a transform, a Date). */
export function responseJsonSchema(schema: unknown): object | null {
  if (!(schema instanceof $ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
}

/**
 * The route's response schema compiled once into a JSON writer (fast-json-stringify), instead of checking every
 * answer with zod and then `JSON.stringify`: on a 2,500-row report, zod's check and the garbage it made were about
 * a third of the server's CPU (bench profile). Only the schema's fields leave the server, in its shape, and a
 * missing required field fails the answer (a 500, never a partial body). The writer does not check values as zod
 * does: it writes a null where a number belongs as 0, cuts 1.7 to 1 in a whole-number field, and lets a string
 * outside an enum through. So the tests run with `checkValues`: every answer is also checked by zod, and a
 * repository that produces a wrong value fails its tests instead of reaching a user. A schema JSON Schema cannot
 * express keeps zod's serializer.
 *
 * Money: the one place where paise become rupees. A field the schema marks `rupeesFromPaise` (packages/domain)
 * arrives in integer paise and is written as paise ÷ 100 (`paiseConverter`); the check runs on what is written.
 */
export function createSerializerCompiler({ checkValues }: { checkValues: boolean }): typeof zodSerializerCompiler {
  return (route: RouteSchema) => {
    const json = responseJsonSchema(route.schema);
    let write: Serializer;
    try {
      write = json ? (fastJson(json as Parameters<typeof fastJson>[0]) as Serializer) : zodSerializer(route);
    } catch {
      write = zodSerializer(route);
    }
    const convert = paiseConverter(route.schema);
    const check = checkValues && json ? zodSerializer(route) : null;
    return (data: unknown) => {
      if (data instanceof JsonRows) {
        // PostgreSQL wrote it (lib/json-rows.ts): sent as it is; the tests parse it and hold it to the schema.
        if (checkValues) zodSerializer(route)(JSON.parse(data.text));
        return data.text;
      }
      const out = convert ? convert(data) : data;
      check?.(out);
      return write(out);
    };
  };
}

const zodSerializer = (route: RouteSchema) => zodSerializerCompiler(route) as Serializer;

/**
 * What turns an answer's paise into rupees for `schema`: every field marked `rupeesFromPaise` divided by 100
 * (integer paise ÷ 100 is the shortest decimal with at most 2 places, as `toRupees` gives), the rest copied as it
 * is; null when the schema has no such field. Built once per route by walking the schema.
 */
export function paiseConverter(schema: unknown): Convert | null {
  return schema instanceof $ZodType ? converterOf(schema) : null;
}

/**
 * What a client reads of `data` answered under `schema`: its paise fields in rupees. For code that calls a service
 * directly and wants the API's view of its answer (a test, the seed's checks).
 */
export function answerOf<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const convert = paiseConverter(schema);
  return (convert ? convert(data) : data) as z.output<S>;
}

const toRupees: Convert = (v) => (typeof v === 'number' ? v / 100 : v);

function converterOf(schema: $ZodType): Convert | null {
  if (paiseFields.has(schema as z.ZodType)) return toRupees;
  const def = schema._zod.def as { type: string } & Record<string, unknown>;
  switch (def.type) {
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch': {
      const inner = converterOf(def.innerType as $ZodType);
      return inner && ((v) => (v === null || v === undefined ? v : inner(v)));
    }
    case 'array': {
      const element = converterOf(def.element as $ZodType);
      return element && ((v) => (Array.isArray(v) ? v.map(element) : v));
    }
    case 'object': {
      const fields: [string, Convert][] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, $ZodType>)) {
        const convert = converterOf(field);
        if (convert) fields.push([key, convert]);
      }
      if (fields.length === 0) return null;
      return (v) => {
        if (v === null || typeof v !== 'object') return v;
        const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        for (const [key, convert] of fields) out[key] = convert(out[key]);
        return out;
      };
    }
    case 'union': {
      if ((def.options as $ZodType[]).some((option) => converterOf(option))) {
        throw new Error('rupeesFromPaise inside a union: give the union one shape, or convert before it');
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * A list PostgreSQL has already written as JSON (see lib/json-rows.ts), of rows `T` once parsed: the route's
 * serializer sends its text unchanged instead of building objects from rows and writing them out again. Only a
 * repository makes one (the bench's long lists); a route's schema says it may answer one with `jsonRowsOr`.
 * Code that needs the values (a test, another service) calls `parse()`.
 */
export class JsonRows<T = unknown> {
  declare readonly value: T;
  constructor(readonly text: string) {}
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * A route's response schema that may also be answered with `JsonRows` of its type: the same schema at run time
 * (the serializer sends a `JsonRows`' text as it is), typed so that the route returns the repository's answer
 * without a cast. The one place where `JsonRows` meets the type provider.
 */
export const jsonRowsOr = <S extends z.ZodType>(schema: S) =>
  schema as unknown as z.ZodType<z.output<S> | JsonRows<z.output<S>>, z.input<S> | JsonRows<z.output<S>>>;
