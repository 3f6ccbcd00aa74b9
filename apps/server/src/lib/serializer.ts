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
    let write: Serializer;
    try {
      write = json ? (fastJson(json as Parameters<typeof fastJson>[0]) as Serializer) : zodSerializer(route);
    } catch {
      write = zodSerializer(route);
    }
    const check = checkValues && json ? zodSerializer(route) : null;
    return (data: unknown) => {
      if (data instanceof JsonText) {
        // PostgreSQL wrote it (lib/json-rows.ts): sent as it is; the tests parse it and hold it to the schema.
        if (checkValues) zodSerializer(route)(JSON.parse(data.text));
        return data.text;
      }
      check?.(data);
      return write(data);
    };
  };
}

const zodSerializer = (route: RouteSchema) => zodSerializerCompiler(route) as Serializer;

/**
 * An answer PostgreSQL has already written as JSON (see lib/json-rows.ts), of type `T` once parsed: the route's
 * serializer sends its text unchanged instead of building objects from rows and writing them out again. Code that
 * needs the values (a test, another service) calls `parse()`.
 */
export class JsonText<T = unknown> {
  declare readonly value: T;
  constructor(readonly text: string) {}
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}

/**
 * A route's answer given as JSON text, typed as what its response schema says, for the route to return: the
 * serializer above sends the text (with `checkResponses`, the tests, after parsing it and holding it to the schema).
 */
export const jsonAnswer = <T>(json: JsonText<T>): T => json as unknown as T;
