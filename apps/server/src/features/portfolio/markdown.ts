import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A project body's Markdown as safe HTML (docs/api.md#portfolio): marked parses it (GitHub
 * flavour, single line breaks kept), and sanitize-html keeps only the tags and attributes below,
 * so raw HTML, scripts, event handlers and `javascript:` links come out inert whatever the owner
 * (or a stolen admin session) typed. Links leave the page with `rel="noopener noreferrer"` (set here, never
 * taken from the Markdown).
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

const options: sanitizeHtml.IOptions = {
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
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
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

export function renderMarkdown(source: string): string {
  if (!source.trim()) return '';
  const html = marked.parse(source) as string;
  return sanitizeHtml(html, options);
}
