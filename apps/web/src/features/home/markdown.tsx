import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './markdown.module.css';

// The same Markdown as a task's notes (features/todo TaskDetails): marked, then DOMPurify, both
// loaded when the first About text is drawn, not with the page's first JavaScript.
let markdown: Promise<(text: string) => string> | undefined;
export function loadMarkdown() {
  markdown ??= Promise.all([import('marked'), import('dompurify')]).then(([{ marked }, { default: purify }]) => {
    return (text: string) => purify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: false }));
  });
  return markdown;
}

/** Markdown, sanitised: links and formatting, never scripts, handlers or `javascript:` links. Plain text until loaded. */
export function Markdown({ text }: { text: string }) {
  const [html, setHtml] = useState<{ text: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadMarkdown().then((render) => live && setHtml({ text, html: render(text) }));
    return () => {
      live = false;
    };
  }, [text]);
  if (html === null || html.text !== text) return <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
    <div data-profile-about className={classes.markdown} dangerouslySetInnerHTML={{ __html: html.html }} />
  );
}
