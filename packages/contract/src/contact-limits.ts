/**
 * The contact form's limits as plain numbers (no zod), so the form checks its fields without
 * loading the schemas with the home page (docs/api.md#contact).
 */
export const CONTACT_NAME_MAX = 100;
/** RFC 5321's longest usable address. */
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5_000;
/** A form sent sooner than this after it was opened is refused: people take longer to write. */
export const CONTACT_MIN_FILL_SECONDS = 3;
/** Messages one address may send per hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
export const CONTACT_INBOX_PAGE_SIZE = 20;
export const CONTACT_INBOX_PAGE_SIZE_MAX = 100;
