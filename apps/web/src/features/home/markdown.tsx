import { Text } from '@mantine/core';
import { useMarkdown } from '../../lib/markdown';
import classes from './markdown.module.css';

/** The About text as Markdown (lib/markdown.ts); plain text until the renderer has loaded. */
export function Markdown({ text }: { text: string }) {
  const html = useMarkdown(text);
  if (html === null) return <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in useMarkdown.
    <div data-profile-about className={classes.markdown} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
