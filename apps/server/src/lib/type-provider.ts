import type { FastifyTypeProvider } from 'fastify';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * fastify-type-provider-zod's provider, but a route's reply is typed as what lib/serializer.ts takes: the response
 * schema's input. The two differ only on money: a field marked `rupeesFromPaise()` takes Paise from the server's
 * code and is a number of rupees on the wire (the schema's output, the type the web reads).
 */
export interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: this['schema'] extends $ZodType ? input<this['schema']> : unknown;
}
