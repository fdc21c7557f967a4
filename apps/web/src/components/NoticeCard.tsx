import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { siteConfig } from '../config/site';
import classes from './NoticeCard.module.css';

export interface NoticeText {
  title: string;
  paragraphs: readonly string[];
}

/** Renders a notice paragraph, turning each `{email}` into a mailto link. */
function withEmailLinks(paragraph: string) {
  const parts = paragraph.split('{email}');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <Anchor href={`mailto:${siteConfig.contactEmail}`} inherit fw={600} className={classes.link}>
          {siteConfig.contactEmail}
        </Anchor>
      )}
    </Fragment>
  ));
}

/**
 * The home page's notice as it is drawn: the home page shows it, the admin's notice editor
 * previews with it, so the preview is exactly what visitors will see.
 */
export function NoticeCard({ notice }: { notice: NoticeText }) {
  return (
    <Alert variant="light" color="iris" title={notice.title} icon={<IconInfoCircle />}>
      <Stack gap={6}>
        {notice.paragraphs.map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an edited notice may repeat a paragraph
          <Text key={index} size="sm">
            {withEmailLinks(paragraph)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
