import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { FavoriteLocation } from '@site/contract';
import { IconAlertCircle, IconCloudSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { useDeleteFavorite, useSavedLocations } from '../api/use-weather';

interface SavedLocationsModalProps {
  opened: boolean;
  onClose: () => void;
  onGetForecast: (location: FavoriteLocation) => void;
}

/** docs/product.md#screens 'Saved Locations' popup: nickname, Get Forecast and Delete for each saved place. */
export function SavedLocationsModal({ opened, onClose, onGetForecast }: SavedLocationsModalProps) {
  const saved = useSavedLocations(opened);
  const deleteFavorite = useDeleteFavorite();
  const [toDelete, setToDelete] = useState<FavoriteLocation | null>(null);

  const close = () => {
    deleteFavorite.reset();
    onClose();
  };

  let body: ReactNode;
  if (saved.isPending) {
    body = (
      <Center mih={120} role="status" aria-label="Loading saved locations">
        <Loader />
      </Center>
    );
  } else if (saved.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title="Could not load your saved locations">
        <Text size="sm">{saved.error.message}</Text>
        <Button size="xs" mt="sm" variant="white" color="red" onClick={() => saved.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (saved.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        No saved locations yet. Search for a place and choose Add to Favorites.
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {saved.data.map((location) => (
          <Paper component="li" withBorder radius="md" p="sm" key={location.locationId} aria-label={location.nickname}>
            {/* On a phone the buttons move below the name rather than squeezing it to a few letters. */}
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>{location.nickname}</Text>
                {location.address !== location.nickname && (
                  <Text size="sm" c="dimmed">
                    {location.address}
                  </Text>
                )}
              </div>
              <Group gap="xs" wrap="nowrap" ml="auto">
                <Button size="xs" leftSection={<IconCloudSearch size={14} />} onClick={() => onGetForecast(location)}>
                  Get Forecast
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setToDelete(location)}
                >
                  Delete
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title="Saved Locations"
        size="lg"
        centered
        // While the confirmation is up, Escape belongs to it alone.
        closeOnEscape={toDelete === null}
      >
        <Stack gap="md">
          {deleteFavorite.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              title="Could not delete the location"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => deleteFavorite.reset()}
            >
              {deleteFavorite.error.message}
            </Alert>
          )}
          {body}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete saved location"
        loading={deleteFavorite.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && deleteFavorite.mutate(toDelete.locationId, { onSettled: () => setToDelete(null) })}
      >
        Are you sure you want to delete <strong>{toDelete?.nickname}</strong> from your saved locations?
      </ConfirmDialog>
    </>
  );
}
