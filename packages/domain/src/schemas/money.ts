import { z } from 'zod';
import type { Paise } from '../money.js';

/**
 * The response fields that the server hands over in paise and the API answers in rupees. The server's one
 * serializer (apps/server/src/lib/serializer.ts) divides each of them by 100 on the way out; inside the server,
 * services and repositories carry integer paise only. On the wire and to the web, such a field is a plain number
 * of rupees (at most 2 decimals: integer paise ÷ 100 prints exactly).
 */
export const paiseFields = z.registry<Record<string, never>>();

/**
 * A money field of a response: paise in (from the server's code), rupees out (in the JSON). The mark is on this
 * schema object: `.nullable()` / `.optional()` around it keep it, a check chained onto it (`.min()`) makes a copy
 * without it.
 */
export const rupeesFromPaise = (): z.ZodType<number, Paise> =>
  // The brand is erased: in the server's code the field holds Paise (a DTO's type says so), on the wire rupees.
  z.number().register(paiseFields, {}) as unknown as z.ZodType<number, Paise>;
