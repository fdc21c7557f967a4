import { z } from 'zod';

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
