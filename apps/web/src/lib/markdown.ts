import { useEffect, useState } from 'react';

// marked and DOMPurify are loaded when the first Markdown is drawn, not with the page's first
// JavaScript.
let renderer: Promise<(text: string, breaks: boolean) => string> | undefined;
function loadMarkdown() {
  renderer ??= Promise.all([import('marked'), import('dompurify')]).then(
    ([{ marked }, { default: purify }]) =>
      (text: string, breaks: boolean) =>
        purify.sanitize(marked.parse(text, { async: false, gfm: true, breaks })),
  );
  return renderer;
}

/**
 * `text` as Markdown, sanitised (links and formatting, never scripts, handlers or `javascript:`
 * links); null until the renderer has loaded, and while it renders a changed text. `breaks` makes
 * a single line break a break, as in a note typed line by line.
 */
export function useMarkdown(text: string, { breaks = false } = {}): string | null {
  const [html, setHtml] = useState<{ text: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadMarkdown().then((render) => live && setHtml({ text, html: render(text, breaks) }));
    return () => {
      live = false;
    };
  }, [text, breaks]);
  return html !== null && html.text === text ? html.html : null;
}
