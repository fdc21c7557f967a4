// The line being read by the quick-add grammar (todo-quick-add.ts) and the parts found in it.

export type QuickAddPartKind = 'date' | 'recurrence' | 'list' | 'label' | 'priority';

/** A recognised piece of the input: [start, end) in UTF-16 indices, and its text. */
export interface QuickAddPart {
  kind: QuickAddPartKind;
  start: number;
  end: number;
  text: string;
}

/** Replaces what a recogniser has taken, so no later one reads it and chrono cannot join across it. */
const MASK = '|';

/** The input, and a copy of it where every taken or dismissed range is masked out (same length). */
export class Line {
  #masked: string;
  /** The copy as UTF-16 units while masks are being written; joined again when next read. */
  #units: string[] | null = null;
  constructor(readonly input: string) {
    this.#masked = input;
  }
  get masked(): string {
    if (this.#units) {
      this.#masked = this.#units.join('');
      this.#units = null;
    }
    return this.#masked;
  }
  // Writes into an array rather than slicing the string, so a line with thousands of tokens (a
  // paste) costs linear time, not quadratic.
  mask(start: number, end: number) {
    if (!this.#units) {
      const text = this.#masked;
      this.#units = Array.from({ length: text.length }, (_, i) => text[i]!);
    }
    this.#units.fill(MASK, start, end);
  }
  part(kind: QuickAddPartKind, start: number, end: number): QuickAddPart {
    return { kind, start, end, text: this.input.slice(start, end) };
  }
  /** True when [start, end) has nothing masked in it (the input's own '|' counts as unmasked). */
  untouched(start: number, end: number) {
    return this.masked.slice(start, end) === this.input.slice(start, end);
  }
  /** A `#`, `@` or `p1` counts only at the start of a word: after a space or at the start of the line. */
  atWordStart(index: number) {
    return index === 0 || /\s/u.test(this.input[index - 1]!);
  }
}
