import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers of 1 KB or more for a client that accepts it (brotli at quality 4, else gzip): the big lists
 * and reports shrink several times over. Built files are sent pre-compressed by @fastify/static and pass through
 * untouched (they carry their own Content-Encoding); Excel exports are zip files already and are never compressed
 * (their type is not compressible). Request bodies stay plain JSON: no decompression of uploads.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
});
