import type { FastifyInstance } from 'fastify';
import { contactRepository } from './contact.repository.js';
import { contactRoutes } from './contact.routes.js';
import { contactService } from './contact.service.js';

/**
 * The contact form and the admin's inbox (docs/api.md#contact). The owner is mailed at the admin
 * account's e-mail (ADMIN_EMAIL when no admin is left) when SMTP_URL is set; a form sent sooner
 * than CONTACT_MIN_FILL_SECONDS after it was opened is refused.
 */
export async function contactFeature(api: FastifyInstance): Promise<void> {
  const { database, mailer, config, counters, afterResponse, clock } = api.deps;
  const service = contactService(contactRepository(database), {
    mailer,
    fallbackOwnerEmail: config.adminEmail,
    publicUrl: config.publicUrl,
    minFillSeconds: config.contactMinFillSeconds,
    now: clock,
  });
  await api.register(contactRoutes, { service, counters, afterResponse });
}
