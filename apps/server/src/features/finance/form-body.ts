import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/http-errors.js';

const MULTIPART = 'multipart/form-data';
const URLENCODED = 'application/x-www-form-urlencoded';

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

/**
 * Lets the routes of this plugin (and only them: call it inside an encapsulated plugin) read
 * browser form posts, as the seed's client sends `FormData` (multipart) for the watchlist.
 * Bodies become plain objects of text fields, validated by the route's zod schema like JSON.
 */
export function registerFormBodyParsers(app: FastifyInstance, options: { bodyLimit: number }) {
  for (const type of [MULTIPART, URLENCODED]) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }

  app.addContentTypeParser(URLENCODED, { parseAs: 'string', bodyLimit: options.bodyLimit }, (_request, body, done) => {
    try {
      done(null, fieldsOf(new URLSearchParams(String(body))));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addContentTypeParser(
    MULTIPART,
    { parseAs: 'buffer', bodyLimit: options.bodyLimit },
    async (request: FastifyRequest, body: Buffer) => {
      const contentType = request.headers['content-type'] ?? '';
      if (!/;\s*boundary=/i.test(contentType)) throw badRequest('Multipart form data needs a boundary');
      let form: FormData;
      try {
        // The platform's own multipart parser (undici), through a throw-away Request.
        form = await new Request('http://form.local/', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
        }).formData();
      } catch {
        throw badRequest('Form data is malformed');
      }
      return fieldsOf(form.entries());
    },
  );
}
