import type { z } from 'zod';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
}

/**
 * The longest text a field's zod schema accepts, looking through optional, nullable, default and transform
 * wrappers, so an input's maxLength is the server's own limit (the API validates with the same schema).
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const maxLength = (current as { maxLength?: number | null }).maxLength;
    if (typeof maxLength === 'number') return maxLength;
    const def = current._zod.def as Def;
    current = def.innerType ?? def.in;
  }
  return undefined;
}
