import type { FastifyInstance } from 'fastify';
import { contactRepository } from '../contact.repository.js';
import { formToken } from '../contact.service.js';

/**
 * For tests: a form token of `app`'s database issued `ageMs` before the app's clock (`deps.clock`), so a test sends a message
 * without waiting out the minimum fill time.
 */
export async function agedFormToken(app: FastifyInstance, ageMs = 10_000): Promise<string> {
  const key = await contactRepository(app.deps.database).formKey();
  if (!key) throw new Error('no contact form key: is migration 021 applied?');
  return formToken(key, app.deps.clock() - ageMs);
}
