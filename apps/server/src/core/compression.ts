import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this many bytes the encoding headers and the compressor's work cost more than they save. */
export const COMPRESSION_THRESHOLD = 1024;

/** JSON, XML (the feeds, the sitemap) and JavaScript of any flavour (`+json`, `+xml`), and text. */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:(?:[\w.+-]*\+)?(?:json|xml)|javascript)|text\/)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/**
 * Quality 5 brotli and level 6 gzip: the usual settings for answers made per request (the web
 * app's own files are compressed harder once, at build time). Above SYNC_COMPRESSION_MAX both run
 * on libuv's thread pool, so a 40 kB price history never blocks the event loop.
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };
/**
 * A page drawn for one view (docs/decisions.md#pages-rendered-with-their-data) is ~220 kB of HTML,
 * encoded once and never again: quality 4 takes ~2 ms less CPU than 5 for it (~3.3 vs ~5 ms
 * under load) for ~11% more bytes (a 10-item to-do page: 30.9 kB instead of 27.7 kB).
 */
const ONE_VIEW_BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to use for an `Accept-Encoding` header: brotli when the client takes it, else gzip
 * (also for `*`); none for a missing header, `identity` only, or `q=0` on what we offer.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (token) weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: ContentEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const values = typeof current === 'string' ? current.split(',').map((v) => v.trim().toLowerCase()) : [];
  if (values.includes('*') || values.includes(field.toLowerCase())) return;
  reply.header('vary', typeof current === 'string' && current ? `${current}, ${field}` : field);
}

/**
 * Bodies up to this size are compressed on the event loop: a 10 kB JSON answer costs ~70 µs of CPU
 * there against ~290 µs through the thread pool (its hand-off and the compressor's set-up on
 * another thread), and holds the loop no longer than a small request. Larger ones (a year of
 * prices, a page drawn for one view) go to the thread pool (docs/decisions.md#compression).
 */
export const SYNC_COMPRESSION_MAX = 16 * 1024;

/**
 * `body` encoded as the hook below would encode it, for an answer that keeps the result
 * (core/web-app.ts); `oneView`: a page drawn for a single view, brotli a step faster.
 */
export function compressBody(
  body: string | Buffer,
  encoding: ContentEncoding,
  { oneView = false }: { oneView?: boolean } = {},
): Promise<Buffer> {
  const brotliOptions = oneView ? ONE_VIEW_BROTLI_OPTIONS : BROTLI_OPTIONS;
  if (body.length > SYNC_COMPRESSION_MAX) {
    return encoding === 'br' ? brotli(body, brotliOptions) : gzip(body, GZIP_OPTIONS);
  }
  try {
    return Promise.resolve(
      encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions) : zlib.gzipSync(body, GZIP_OPTIONS),
    );
  } catch (error) {
    return Promise.reject(error);
  }
}

/** No body (204, 304), or part of one (206: its byte range is of the unencoded file). */
const NOT_COMPRESSED_STATUS = new Set([204, 206, 304]);

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

/**
 * Compresses JSON, JavaScript and text answers of every route: the API (a year of daily prices is
 * 41 kB of JSON, 8 kB brotli) and the API docs (168 kB of OpenAPI JSON, a 1.7 MB swagger-ui
 * script). Images, answers under the threshold, partial (range) answers and answers already
 * encoded go out as they are: the built web app's files come from their precompressed copies.
 */
export function registerCompression(app: FastifyInstance) {
  // Callback style: most answers leave at the first checks without a promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const stream = isStream(payload);
    if (!stream && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (NOT_COMPRESSED_STATUS.has(reply.statusCode) || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);
    // A string's length never exceeds its UTF-8 size: no scan of the text on the hot path. A
    // stream of unknown length is compressed.
    const size = stream ? Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY) : payload.length;
    if (size < COMPRESSION_THRESHOLD) return done(null, payload);

    // The answer depends on Accept-Encoding whether or not this client gets it compressed.
    addVary(reply, 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.removeHeader('content-length');
    if (stream) {
      // Byte ranges of the original would not fit the encoded body.
      reply.removeHeader('accept-ranges');
      reply.header('content-encoding', encoding);
      const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
      // A failing source destroys the compressor with its error, which ends the response.
      return done(
        null,
        pipeline(payload, compressor, () => {}),
      );
    }
    compressBody(payload, encoding).then(
      (compressed) => {
        reply.header('content-encoding', encoding);
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}
