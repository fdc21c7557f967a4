import { z } from 'zod';
import { hasBidiControls, hasControls, type UserTextOptions, userTextMessages } from './text-rules.js';

export * from './text-rules.js';

/**
 * A positive database id. Query strings and form data carry text, so a string of digits is
 * accepted too — but only digits: `true`, `[5]`, `"0x10"` or `" 2 "` are not ids.
 */
export const idSchema = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)], { error: 'Must be a whole number' })
  .pipe(
    z.coerce
      .number<string | number>({ error: 'Must be a number' })
      .int('Must be a whole number')
      .positive('Must be a positive id')
      .max(2_147_483_647, 'Id is too large'),
  );

/**
 * The seed's clients send the acting user as `user`, `userid` or `user_id`. Identity comes from
 * the session; this optional field is only checked against it (403 on mismatch).
 */
export const claimedUserField = idSchema.optional();

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can): stored free text refuses it, as a 400 on every
 * database alike rather than a database error.
 */
export const hasNoNul = (text: string) => !text.includes('\u0000');

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/**
 * The one rule for text people type and others (or they) see again: to-dos, portfolio projects,
 * wallet names, saved-location names (docs/api.md#text). Trimmed; at most `max` characters; no
 * control characters (line breaks only in multi-line fields, NUL never: PostgreSQL cannot store
 * it) and no bidirectional overrides or isolates. Each refusal names the field.
 */
/* @__NO_SIDE_EFFECTS__ */
export function userText(options: UserTextOptions) {
  const { label, max, required = false, multiline = false } = options;
  const messages = userTextMessages(label, max);
  const base = z.string({ error: required ? messages.required : messages.type }).trim();
  return (required ? base.min(1, messages.required) : base)
    .max(max, messages.tooLong)
    .refine((text) => !hasControls(text, multiline), messages.controls)
    .refine((text) => !hasBidiControls(text), messages.bidi);
}
