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

/**
 * Control characters (C0, DEL, C1) and the Unicode line/paragraph separators. Multi-line fields
 * keep tab, line feed and carriage return; single-line ones keep none (docs/api.md#text).
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]/u;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;
const hasControls = (text: string, multiline: boolean) =>
  CONTROLS.test(multiline ? text.replace(LINE_BREAKS_AND_TABS, '') : text);

/**
 * Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder
 * what is shown after them, so "gnp.exe" can read as "exe.png" (docs/api.md#text). The marks
 * U+200E/U+200F and zero-width joiners stay allowed: right-to-left text and emoji need them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export interface UserTextOptions {
  /** The field as a person reads it, starting the messages ('Title', 'Wallet name'). */
  label: string;
  /** Most characters after trimming. */
  max: number;
  /** At least one character after trimming ('<label> is required'). */
  required?: boolean;
  /** Descriptions and other text areas: line breaks and tabs are allowed. */
  multiline?: boolean;
}

/**
 * The one rule for text people type and others (or they) see again: to-dos, portfolio projects,
 * wallet names, saved-location names (docs/api.md#text). Trimmed; at most `max` characters; no
 * control characters (line breaks only in multi-line fields, NUL never: PostgreSQL cannot store
 * it) and no bidirectional overrides or isolates. Each refusal names the field.
 */
/* @__NO_SIDE_EFFECTS__ */
export function userText({ label, max, required = false, multiline = false }: UserTextOptions) {
  const base = z.string({ error: required ? `${label} is required` : `${label} must be text` }).trim();
  return (required ? base.min(1, `${label} is required`) : base)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((text) => !hasControls(text, multiline), `${label} may not contain control characters`)
    .refine((text) => !BIDI_CONTROLS.test(text), `${label} may not contain text-direction override characters`);
}
