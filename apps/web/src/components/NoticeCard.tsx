import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { siteConfig } from '../config/site';
import classes from './NoticeCard.module.css';

export interface NoticeText {
  title: string;
  paragraphs: readonly string[];
}

/** Renders a notice paragraph, turning each `{email}` into a mailto link (nothing without an address). */
function withEmailLinks(paragraph: string, email: string) {
  const parts = paragraph.split('{email}');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && email && (
        <Anchor href={`mailto:${email}`} inherit fw={600} className={classes.link}>
          {email}
        </Anchor>
      )}
    </Fragment>
  ));
}

/**
 * The home page's notice as it is drawn: the home page shows it, the admin's notice editor
 * previews with it, so the preview is exactly what visitors will see. `email`: the owner's address
 * from their profile, which the caller reads (shared components read no feature); the first
 * start's by default.
 */
export function NoticeCard({ notice, email = siteConfig.contactEmail }: { notice: NoticeText; email?: string }) {
  return (
    <Alert variant="light" color="iris" title={notice.title} icon={<IconInfoCircle />}>
      <Stack gap={6}>
        {notice.paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an edited notice may repeat a paragraph
          <Text key={index} size="sm">
            {withEmailLinks(paragraph, email)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
