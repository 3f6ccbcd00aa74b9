import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Serializer = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

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
 */
export function createSerializerCompiler({ checkValues }: { checkValues: boolean }): typeof zodSerializerCompiler {
  return (route: RouteSchema) => {
    const json = responseJsonSchema(route.schema);
    if (!json) return zodSerializerCompiler(route);
    let write: Serializer;
    try {
      write = fastJson(json as Parameters<typeof fastJson>[0]) as Serializer;
    } catch {
      return zodSerializerCompiler(route);
    }
    if (!checkValues) return write;
    const check = zodSerializerCompiler(route) as Serializer;
    return (data: unknown) => {
      check(data);
      return write(data);
    };
  };
}
