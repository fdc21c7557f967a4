import { createRequire } from 'node:module';
import type { IOptions } from 'sanitize-html';

/** The little of highlight.js used here. */
interface Highlighter {
  getLanguage(name: string): object | undefined;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}
/** What sanitize-html keeps of marked's HTML. */
const options: IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'span',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  // The highlighter's classes alone (the CSS in the web app colours them): any other class, and
  // every style, is dropped. A language's name is a class word of letters, digits, '+', '#', '-'.
  allowedClasses: {
    code: [/^language-[\w+#-]+$/],
    span: [/^hljs-[\w-]+$/],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's own heading is the title (h1): a body's '#' becomes h2 and so on down.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, { href, title }) => ({
      tagName,
      attribs: {
        ...(href === undefined ? {} : { href }),
        ...(title === undefined ? {} : { title }),
        ...(/^https?:/i.test(href ?? '') ? { rel: 'noopener noreferrer' } : {}),
      },
    }),
  },
  // Tags that are not allowed are dropped with what they hold when they hold code, else unwrapped.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
};

/**
 * A project body's Markdown as safe HTML (docs/api.md#portfolio): marked parses it (GitHub
 * flavour, single line breaks kept), and sanitize-html keeps only the tags and attributes above,
 * so raw HTML, scripts, event handlers and `javascript:` links come out inert whatever the owner
 * (or a stolen admin session) typed. Links leave the page with `rel="noopener noreferrer"` (set here, never
 * taken from the Markdown).
 *
 * Fenced code whose language highlight.js knows (its ~36 common ones and their aliases: ts, js,
 * sh, html…) is highlighted here, once, as the HTML is written: the page ships no highlighter and
 * the feeds carry the same markup (docs/decisions.md#code-in-project-pages-highlighted-on-the-server).
 * highlight.js escapes the code itself; any other language, or none, stays plain escaped text.
 *
 * The three libraries are loaded with the first body to render, not at start: ~70 ms and ~20 MB
 * a server pays only once someone opens a project or a feed.
 */
let renderer: Promise<(source: string) => string> | undefined;

function loadRenderer(): Promise<(source: string) => string> {
  renderer ??= Promise.all([import('marked'), import('marked-highlight'), import('sanitize-html')]).then(
    ([{ Marked }, { markedHighlight }, { default: sanitizeHtml }]) => {
      /**
       * Loaded without its type declarations: they pull in the DOM library (`/// <reference lib="dom" />`),
       * which would give the whole server the browser's globals and change Node's own (fetch's `Response`).
       */
      const hljs = createRequire(import.meta.url)('highlight.js/lib/common') as Highlighter;
      const marked = new Marked(
        { gfm: true, breaks: true, async: false },
        markedHighlight({
          langPrefix: 'language-',
          highlight(code, lang) {
            // No guessing (highlightAuto): it is slow on long code and often wrong on short snippets.
            const language = lang && hljs.getLanguage(lang) ? lang : undefined;
            // Unchanged text tells marked-highlight to escape the code as marked would.
            return language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : code;
          },
        }),
      );
      return (source: string) => sanitizeHtml(marked.parse(source) as string, options);
    },
    (error: unknown) => {
      // Tried again with the next body.
      renderer = undefined;
      throw error;
    },
  );
  return renderer;
}

/**
 * Bodies rendered lately, by their source: highlighting made a body with a 200-line code block
 * cost tens of milliseconds instead of about one (docs/decisions.md#code-in-project-pages-highlighted-on-the-server),
 * and a page view or a feed asks again for the same few bodies. The least recently used go first
 * past 128 bodies or 4 million characters, sources and HTML together (a body is at most 50,000).
 */
const rendered = new Map<string, string>();
const MAX_RENDERED = 128;
const MAX_RENDERED_CHARS = 4_000_000;
let renderedChars = 0;

export async function renderMarkdown(source: string): Promise<string> {
  if (!source.trim()) return '';
  const kept = rendered.get(source);
  if (kept !== undefined) {
    // Map keeps insertion order: moved to the end, it is the most recently used.
    rendered.delete(source);
    rendered.set(source, kept);
    return kept;
  }
  const render = await loadRenderer();
  // Rendered meanwhile by a call that also waited for the libraries: counted once.
  const meanwhile = rendered.get(source);
  if (meanwhile !== undefined) return meanwhile;
  const html = render(source);
  rendered.set(source, html);
  renderedChars += source.length + html.length;
  for (const [oldest, oldHtml] of rendered) {
    if (rendered.size <= MAX_RENDERED && renderedChars <= MAX_RENDERED_CHARS) break;
    rendered.delete(oldest);
    renderedChars -= oldest.length + oldHtml.length;
  }
  return html;
}
