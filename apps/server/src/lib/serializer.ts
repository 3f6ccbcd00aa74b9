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
 * a third of the server's CPU (bench profile). What leaves the server is the same: only the schema's fields, in
 * its shape; a missing required field still fails the answer (a 500, never a partial body). A schema JSON Schema
 * cannot express keeps zod's serializer.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route: RouteSchema) => {
  const json = responseJsonSchema(route.schema);
  if (json) {
    try {
      return fastJson(json as Parameters<typeof fastJson>[0]) as Serializer;
    } catch {
      // fall through to zod's
    }
  }
  return zodSerializerCompiler(route);
};
