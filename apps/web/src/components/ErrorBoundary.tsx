import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What failed, as the alert's title. */
  title?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
}

function isChunkLoadError(error: Error): boolean {
  // After a deploy the old hashed chunk names are gone; a reload fetches the new ones.
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    error.message,
  );
}

/** Keeps a crashing or unloadable page from blanking the whole site. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const message = isChunkLoadError(error)
      ? 'Part of the site could not be downloaded. It may have been updated, or the connection dropped.'
      : 'Something went wrong while showing this page.';
    return (
      <Alert
        color="red"
        variant="light"
        title={this.props.title ?? 'This page could not be shown'}
        icon={<IconAlertTriangle />}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message} Reloading usually fixes it.</Text>
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            color="red"
            onClick={() => window.location.reload()}
          >
            Reload
          </Button>
        </Stack>
      </Alert>
    );
  }
}
