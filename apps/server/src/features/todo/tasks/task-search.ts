import { sql } from 'kysely';
import type { DialectName } from '../../../db/dialect.js';

/**
 * The one rule that turns text into search words, for the stored search text of a task
 * (`todos.search_key`) and for what a user searches with, so SQLite's FTS5 index and PostgreSQL's
 * GIN index see the same words and answer the same tasks (docs/decisions.md, "To-do search with
 * full-text indexes").
 *
 * A word is a run of letters and digits, folded to lower case without diacritics (NFKD, marks
 * dropped): 'Café' is 'cafe', 'ﬁle' is 'file', 'Ⅻ' is 'xii'. Everything else separates words.
 * The stored text is the words joined by single spaces, so neither database's own word splitter
 * has anything left to decide: FTS5's `unicode61` finds exactly these words (checked for every
 * code point in task-search.test.ts), and PostgreSQL takes them as lexemes as they are
 * (`array_to_tsvector`), without its parser, whose rules (e-mail addresses, hosts and decimals
 * kept whole, hyphenated words kept too) and letter classes (the server's locale) differ.
 */

/** Longer words are cut: PostgreSQL refuses a lexeme over 2 kB, and no one types 100 letters to find one. */
export const SEARCH_WORD_MAX = 100;

/**
 * Letters SQLite's `unicode61` tables (older Unicode) class as marks, not letters: New Tai Lue vowel
 * signs and two Vedic signs. They separate words here too, so both databases split there.
 */
const SEPARATOR = /[^\p{L}\p{N}]|[\u19B0-\u19C9\u1CF2\u1CF3]/u;
const SEPARATORS = new RegExp(`(?:${SEPARATOR.source})+`, 'u');
const MARKS = /\p{M}+/gu;

function fold(text: string): string {
  // Lower case first ('İ' is 'i' and a dot above), then decompose and drop the marks; lower case
  // again for what decomposition brings ('ℌ' is 'H'). FTS5 folds the final sigma, so we do too.
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replaceAll('ς', 'σ');
}

/** The words of a text, in order, repeats kept. */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(SEPARATORS)
    .filter((word) => word !== '')
    .map((word) => (word.length > SEARCH_WORD_MAX ? [...word].slice(0, SEARCH_WORD_MAX).join('') : word));
}

/** `todos.search_key`: a task's title, notes and label names as words joined by single spaces. */
export function searchKey(title: string, description: string, labels: readonly string[] = []): string {
  return searchWords([title, description, ...labels].join(' ')).join(' ');
}

/** A word as indexed (migration 018): its owner's id in ten digits, then the word. */
export const ownedWord = (ownerId: number, word: string) => `${String(ownerId).padStart(10, '0')}${word}`;

/**
 * What a search asks for: every word of the text, each as a prefix (so 'caf' finds 'café'), in any
 * order and in any of title, notes or labels, among the tasks of `owners` (the caller and the owners
 * of lists shared with them: the index holds each word under its task's owner, so the search reads
 * only theirs). Undefined when the text has no word at all (punctuation only): that finds nothing.
 */
export function searchQuery(text: string, dialect: DialectName, owners: readonly number[]) {
  const words = [...new Set(searchWords(text))];
  if (words.length === 0 || owners.length === 0) return undefined;
  // Words are letters and digits only, so the quoting below never meets a quote; it is kept so
  // that no text can ever reach either query language as syntax.
  const any = (word: string, term: (owned: string) => string, or: string) => {
    const terms = owners.map((owner) => term(ownedWord(owner, word)));
    return terms.length === 1 ? (terms[0] as string) : `(${terms.join(or)})`;
  };
  return dialect === 'sqlite'
    ? words.map((w) => any(w, (t) => `"${t.replaceAll('"', '""')}"*`, ' OR ')).join(' AND ')
    : words.map((w) => any(w, (t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`, ' | ')).join(' & ');
}

/**
 * The document PostgreSQL indexes: the stored words under their owner, as lexemes, unparsed, by
 * migration 018's `todo_search_vector`. Its GIN index is on this very expression, which a query
 * must repeat.
 */
export const pgSearchVector = sql`todo_search_vector(${sql.ref('todos.user_id')}, ${sql.ref('todos.search_key')})`;
