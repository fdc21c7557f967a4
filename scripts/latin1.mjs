// V8 keeps each script's source in memory, at two bytes a character for the whole file as soon as
// one character is outside Latin-1: the server's 2.2 MB main.js held 4.4 MB, the pre-rendering
// bundle 1.0 MB held 2.0 MB (docs/decisions.md#start-up-and-memory). Both builds write such
// characters as `\uXXXX` escapes, which mean the same in code, strings, regular expressions and
// comments (per UTF-16 unit: a pair of surrogate escapes is one character, with or without a
// regular expression's u flag). Only a template's raw text would differ, so a `String.raw`
// holding such a character is refused.

const OUTSIDE_LATIN1 = /[\u0100-\uffff]/g;

/** Whether `code` holds a character V8 cannot store in one byte. */
export const hasNonLatin1 = (code) => /[\u0100-\uffff]/.test(code);

/** `code` with every character outside Latin-1 escaped; `name` says where in the error. */
export function escapeNonLatin1(code, name) {
  if (!hasNonLatin1(code)) return code;
  if (code.match(/String\.raw`[^`]*`/g)?.some(hasNonLatin1))
    throw new Error(`${name}: escaping would change a String.raw template's text`);
  return code.replace(OUTSIDE_LATIN1, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
