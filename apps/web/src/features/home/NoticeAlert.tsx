import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment } from 'react';
import { siteConfig } from '../../config/site';

/** Renders a notice paragraph, turning each `{email}` into a mailto link. */
function withEmailLinks(paragraph: string) {
  const parts = paragraph.split('{email}');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        // blue.9: the link colour (blue.8) is 4.1:1 on the alert's light blue, blue.9 4.9:1.
        <Anchor href={`mailto:${siteConfig.contactEmail}`} inherit fw={600} c="blue.9">
          {siteConfig.contactEmail}
        </Anchor>
      )}
    </Fragment>
  ));
}

export function NoticeAlert() {
  const { notice } = siteConfig;
  return (
    <Alert variant="light" color="blue" title={notice.title} icon={<IconInfoCircle />}>
      <Stack gap={6}>
        {notice.paragraphs.map((paragraph) => (
          <Text key={paragraph} size="sm">
            {withEmailLinks(paragraph)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
