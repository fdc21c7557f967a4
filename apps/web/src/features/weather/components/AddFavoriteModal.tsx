import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FAVORITE_NICKNAME_MAX } from '@site/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { favoriteErrorMessage, useAddFavorite } from '../api/use-weather';
import type { StoredWeatherLocation } from '../weather-storage';

interface AddFavoriteModalProps {
  opened: boolean;
  onClose: () => void;
  /** The searched place (docs/product.md: kept in local storage for this form). */
  location: StoredWeatherLocation | null;
}

/** docs/product.md#screens add-favorite form: a Nickname field whose placeholder is the address, and Add Favorite. */
export function AddFavoriteModal({ opened, onClose, location }: AddFavoriteModalProps) {
  return (
    <Modal opened={opened && location !== null} onClose={onClose} title="Add to Favorites" centered>
      {/* The form mounts with the modal, so every opening starts empty. */}
      {location && <AddFavoriteForm location={location} onDone={onClose} />}
    </Modal>
  );
}

function AddFavoriteForm({ location, onDone }: { location: StoredWeatherLocation; onDone: () => void }) {
  const addFavorite = useAddFavorite();
  const [nickname, setNickname] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = nickname.trim();
    addFavorite.mutate(
      {
        address: location.address,
        lat: location.lat,
        lon: location.lon,
        timezone: location.timezone,
        ...(location.country_code ? { country_code: location.country_code } : {}),
        // Without a nickname the server names the place by its address.
        ...(typed ? { nickname: typed } : {}),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add favorite">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {location.address}
        </Text>
        <TextInput
          label="Nickname"
          placeholder={location.address}
          description="Optional. Leave it empty to use the address."
          value={nickname}
          maxLength={FAVORITE_NICKNAME_MAX}
          onChange={(event) => {
            setNickname(event.currentTarget.value);
            if (addFavorite.isError) addFavorite.reset();
          }}
          data-autofocus
        />
        {addFavorite.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="Could not add the favorite">
            {favoriteErrorMessage(addFavorite.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={addFavorite.isPending}>
            Add Favorite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
