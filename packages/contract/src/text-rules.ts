/**
 * The rule for text people type (docs/api.md#text) as plain functions, free of zod: `userText` in
 * common.ts builds its schema from them, and a form checks its field with `userTextProblem` without
 * loading zod with its page (docs/decisions.md#main-thread-work-after-the-first-paint).
 */

/**
 * Control characters (C0, DEL, C1) and the Unicode line/paragraph separators. Multi-line fields
 * keep tab, line feed and carriage return; single-line ones keep none (docs/api.md#text).
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]/u;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;
export const hasControls = (text: string, multiline: boolean) =>
  CONTROLS.test(multiline ? text.replace(LINE_BREAKS_AND_TABS, '') : text);

/**
 * Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder
 * what is shown after them, so "gnp.exe" can read as "exe.png" (docs/api.md#text). The marks
 * U+200E/U+200F and zero-width joiners stay allowed: right-to-left text and emoji need them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const hasBidiControls = (text: string) => BIDI_CONTROLS.test(text);

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

/** Characters as zod's length checks count them: Unicode code points, so an emoji is one, not two. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The refusals of `userText`, each naming the field. */
export function userTextMessages(label: string, max: number) {
  return {
    type: `${label} must be text`,
    required: `${label} is required`,
    tooLong: `${label} must be at most ${max} characters`,
    controls: `${label} may not contain control characters`,
    bidi: `${label} may not contain text-direction override characters`,
  };
}

/** The first refusal `userText(options)` gives `text`, or null when it accepts it. */
export function userTextProblem(options: UserTextOptions, text: string): string | null {
  const { label, max, required = false, multiline = false } = options;
  const messages = userTextMessages(label, max);
  const trimmed = text.trim();
  if (required && trimmed.length === 0) return messages.required;
  if (codePointLength(trimmed) > max) return messages.tooLong;
  if (hasControls(trimmed, multiline)) return messages.controls;
  if (hasBidiControls(trimmed)) return messages.bidi;
  return null;
}
