import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ExternalLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
}

/** A link to another site: a new tab, without giving that page a handle on this one. */
export function ExternalLink({ href, children, ...props }: ExternalLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Anchor>
  );
}

/** "https://www.apple.com/" → "apple.com", for link texts. */
export function displayHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
