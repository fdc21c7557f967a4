import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../core/http-errors.js';

/** Text fields to an object; the first value of a repeated name wins. */
function fieldsOf(entries: Iterable<[string, unknown]>): Record<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    if (typeof value !== 'string') throw badRequest('Only text fields are accepted; files are not');
    if (!fields.has(name)) fields.set(name, value);
  }
  // fromEntries defines own properties, so a field named "__proto__" cannot touch the prototype.
  return Object.fromEntries(fields);
}

const tooLarge = () => new HttpError(413, 'Request body is too large');

/** The text fields of a multipart body, read through @fastify/multipart (busboy). */
async function multipartFields(request: FastifyRequest, bodyLimit: number): Promise<Record<string, string>> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/;\s*boundary=/i.test(contentType)) throw badRequest('Multipart form data needs a boundary');
  // A declared length says it at once; a streamed (chunked) body is counted as it is read, since
  // the plugin bounds each field but not their sum.
  if (Number(request.headers['content-length'] ?? 0) > bodyLimit) throw tooLarge();
  const entries: [string, unknown][] = [];
  let bytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') throw badRequest('Only text fields are accepted; files are not');
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
      bytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(String(part.value));
      if (bytes > bodyLimit) throw tooLarge();
      entries.push([part.fieldname, part.value]);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_PROTO_VIOLATION') {
      throw badRequest('A form field may not be named like an object property (such as __proto__ or constructor)');
    }
    // Ours, and the plugin's own limits (413).
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status !== undefined && status >= 400 && status < 500)) throw error;
    // Anything else comes from the multipart parser (a cut-off or garbled body): the client's fault.
    throw badRequest('Form data is malformed');
  }
  return fieldsOf(entries);
}

/**
 * Lets the routes of this plugin (and only them: call it inside an encapsulated plugin) read
 * browser form posts, as the seed's client sends `FormData` (multipart) for the watchlist:
 * urlencoded through @fastify/formbody, multipart through @fastify/multipart. Bodies become plain
 * objects of text fields (a file part is a 400), validated by the route's zod schema like JSON.
 */
export async function registerFormBodyParsers(app: FastifyInstance, options: { bodyLimit: number }) {
  const { bodyLimit } = options;
  await app.register(formbody, { bodyLimit, parser: (text) => fieldsOf(new URLSearchParams(text)) });
  // Generous counts: the byte limit is what binds (a part takes at least ~45 bytes). They bound a
  // streamed body without Content-Length, which the check above cannot see.
  const parts = Math.ceil(bodyLimit / 16);
  await app.register(multipart, { limits: { fieldSize: bodyLimit, fieldNameSize: 100, fields: parts, parts } });
  // After the content-type parser (which only marks a multipart request), before validation.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await multipartFields(request, bodyLimit);
  });
}
