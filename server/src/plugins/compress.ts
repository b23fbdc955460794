import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isRestPath } from './envelope';

/** JSON answers smaller than this go out as they are: compressing them gains nothing. */
export const API_COMPRESS_THRESHOLD = 1024;

/**
 * Compresses `/rest/…` answers of 1 KB or more (brotli at quality 4, else gzip) for clients
 * that accept it. Static files are not touched here: they are precompressed at build time
 * and served by `static.ts`. Request bodies are never decompressed (no zip bombs).
 *
 * The plugin is registered with `global: false`, and an `onRoute` hook opts the API routes
 * in (`compress` route option). It must run before the API routes are declared.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  // Route options replace the plugin's as a whole: give them in full.
  const options = { encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>, threshold: API_COMPRESS_THRESHOLD };
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isRestPath(route.url)) route.compress = { ...options };
  });
  await app.register(fastifyCompress, { global: false, globalDecompression: false, ...options });
}
