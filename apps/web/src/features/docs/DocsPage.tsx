import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconUserCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { apps } from '../../config/apps';
import { appDocs, isAppKey } from './docs-content';

/** Short help for one app, at /docs/:app. */
export function DocsPage() {
  const { app } = useParams();
  if (!isAppKey(app)) {
    return <NotFoundPage message="There is no documentation for that app. Pick one from the Apps menu." />;
  }
  const doc = appDocs[app];
  const appPath = apps.find((entry) => entry.key === app)?.path ?? '/';

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          Docs
        </Text>
        <Title order={1}>{doc.title}</Title>
      </div>
      <Text size="lg">{doc.summary}</Text>
      <section aria-label="How to use it">
        <Title order={2} size="h4" mb="xs">
          How to use it
        </Title>
        <List type="ordered" spacing="xs">
          {doc.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </section>
      <Alert variant="light" icon={<IconUserCircle />} title="Accounts">
        {doc.accountNote}
      </Alert>
      <Button component={Link} to={appPath} rightSection={<IconArrowRight size={16} />} w="fit-content">
        Open {doc.title}
      </Button>
    </Stack>
  );
}
