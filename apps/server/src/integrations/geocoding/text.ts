/** Letters that Unicode does not decompose into a base letter plus accents. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŀ: 'l',
  Ŀ: 'l',
};
const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL).join('')}]`, 'g');

/**
 * Search form of a text: lower case, accents removed ('Zürich' → 'zurich', 'Łódź' → 'lodz'),
 * apostrophes dropped, other punctuation and runs of spaces turned into one space.
 */
export function fold(text: string): string {
  return foldLines(text).trim();
}

/** `fold` applied to every line of a long text at once, keeping the line breaks. */
export function foldLines(text: string): string {
  return foldLinesCompact(text);
}

/** The reference implementation of `foldLines`, with regular expressions over the whole text. */
export function foldLinesSlow(text: string): string {
  return text
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`ʻ]/g, '')
    .replace(/[^\p{L}\p{N}\n]+/gu, ' ')
    .replace(/ ?\n ?/g, '\n');
}

/** "baker street" → "Baker Street", "rue de la paix" → "Rue De La Paix" (as typed text is shown back). */
export function titleCase(text: string): string {
  return text
    .trim()
    .replace(/(^|[\s-])(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

const LINE = 10;
const SPACE = 32;
/** Folded form of each non-ASCII character met so far ('' when it disappears, ' ' for a separator). */
const foldedChars = new Map<number, string>();

/**
 * Same result as `foldLinesSlow`, one character at a time into a typed buffer: a long text (the
 * gazetteer's ~50,000 names) is folded without the dozen megabytes of intermediate strings that
 * whole-text regular expressions and normalisation allocate, which the heap would keep afterwards.
 */
function foldLinesCompact(text: string): string {
  // Whole lines in chunks of about 32k characters, so the working buffer stays small.
  const CHUNK = 32_768;
  if (text.length <= CHUNK) return foldChunk(text);
  const parts: string[] = [];
  for (let from = 0; from < text.length; ) {
    const nl = text.indexOf('\n', Math.min(from + CHUNK, text.length) - 1);
    const to = nl < 0 ? text.length : nl + 1;
    parts.push(foldChunk(text.slice(from, to)));
    from = to;
  }
  return parts.join('');
}

function foldChunk(text: string): string {
  const out = new Uint16Array(text.length * 3 + 1);
  let n = 0;
  let wide = false;
  let lineStart = 0;
  const separator = () => {
    // One space between words: none at a line start or after another space.
    if (n > lineStart && out[n - 1] !== SPACE) out[n++] = SPACE;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LINE) {
      if (n > lineStart && out[n - 1] === SPACE) n--;
      out[n++] = LINE;
      lineStart = n;
    } else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      out[n++] = c;
    } else if (c >= 65 && c <= 90) {
      out[n++] = c + 32;
    } else if (c === 39 || c === 96) {
      // Apostrophes vanish: "Val-d'Or" → "val dor".
    } else if (c < 128) {
      separator();
    } else {
      let f = foldedChars.get(c);
      if (f === undefined) {
        f = foldLinesSlow(String.fromCharCode(c));
        foldedChars.set(c, f);
      }
      if (f === ' ') separator();
      else {
        for (let k = 0; k < f.length; k++) {
          const fc = f.charCodeAt(k);
          if (fc === SPACE) separator();
          else {
            out[n++] = fc;
            if (fc > 255) wide = true;
          }
        }
      }
    }
  }
  if (n > lineStart && out[n - 1] === SPACE) n--;
  const used = out.subarray(0, n);
  return wide ? new TextDecoder('utf-16le').decode(used) : Buffer.from(Uint8Array.from(used)).toString('latin1');
}
