import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers smaller than this go out as they are: below about a kilobyte the headers outweigh the saving, and
 * most answers of the API (a saved form, one record) are that small.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compressed answers for clients that ask for them (`Accept-Encoding`), so a deployment without a reverse
 * proxy in front (the one-command start) does not send the console's menus (~45 KB each) or a list page as
 * plain text over the network. Brotli at quality 4 (the plugin's default for answers made per request) or gzip;
 * what the client does not accept goes uncompressed. The web app's built files are compressed once at build
 * time instead (core/spa.ts). Partial content (a file's byte range) is never compressed. Request bodies are
 * not decompressed: no client of the API sends them compressed, and accepting them would let a small upload
 * expand past the body limit's intent.
 * Registered before any route: the plugin adds its hook to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
