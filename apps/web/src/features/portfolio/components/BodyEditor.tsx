import { Loader, Paper, SegmentedControl, Stack, Text, Textarea, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { portfolioApi } from '../api/portfolio-api';
import bodyClasses from '../project-body.module.css';

interface BodyEditorProps {
  value: string;
  onChange: (value: string | React.ChangeEvent<HTMLTextAreaElement>) => void;
  error?: React.ReactNode;
}

/**
 * The project body's Markdown, with a preview rendered by the server exactly as the page will show
 * it (docs/api.md#portfolio: the same renderer and sanitiser).
 */
export function BodyEditor({ value, onChange, error }: BodyEditorProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const preview = useQuery({
    queryKey: ['portfolio', 'preview', value],
    queryFn: ({ signal }) => portfolioApi.preview(value, signal),
    enabled: mode === 'preview' && value.trim() !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack gap={4}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={mode}
        onChange={(v) => setMode(v as 'write' | 'preview')}
        data={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        aria-label="Body: write or preview"
      />
      {mode === 'write' ? (
        <Textarea
          label="Body"
          description="Markdown: **bold**, [links](https://…), lists, `code`; blank lines between paragraphs"
          autosize
          minRows={4}
          maxRows={16}
          value={value}
          onChange={onChange}
          error={error}
        />
      ) : (
        <Paper withBorder p="sm" mih={100} aria-label="Body preview" aria-live="polite">
          {value.trim() === '' ? (
            <Text c="dimmed" size="sm">
              Nothing to preview
            </Text>
          ) : preview.isPending ? (
            <Loader size="sm" aria-label="Rendering the preview" />
          ) : preview.isError ? (
            <Text c="red" size="sm">
              Could not render the preview: {preview.error.message}
            </Text>
          ) : (
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, as on the page. */}
              <div className={bodyClasses.body} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            </Typography>
          )}
        </Paper>
      )}
    </Stack>
  );
}
