import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet writes for `options`, worked out once. Every directive here is fixed (no per-request
 * function, no nonce), so each answer gets the same headers: @fastify/helmet built helmet's middleware anew on
 * every request (its directives parsed and strings built each time, about 4 % of a signed-in request's CPU in the
 * bench profile); here one hook copies a ready list.
 */
export function securityHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set], removed };
}

/** Helmet's headers on every answer (routes, 404s, static files), set as each request arrives. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const { set, removed } = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const name of removed) raw.removeHeader(name);
      for (const [name, value] of set) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
