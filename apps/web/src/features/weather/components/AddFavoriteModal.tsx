import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { FAVOURITE_NICKNAME_MAX } from '@site/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { favouriteErrorMessage, useAddFavourite } from '../api/use-weather';
import type { StoredWeatherLocation } from '../weather-storage';

interface AddFavoriteModalProps {
  opened: boolean;
  onClose: () => void;
  /** The searched place (seed §4: kept in local storage for this form). */
  location: StoredWeatherLocation | null;
}

/** Seed §2 add-favourite form: a Nickname field whose placeholder is the address, and Add Favorite. */
export function AddFavoriteModal({ opened, onClose, location }: AddFavoriteModalProps) {
  return (
    <Modal opened={opened && location !== null} onClose={onClose} title="Add to Favorites" centered>
      {/* The form mounts with the modal, so every opening starts empty. */}
      {location && <AddFavoriteForm location={location} onDone={onClose} />}
    </Modal>
  );
}

function AddFavoriteForm({ location, onDone }: { location: StoredWeatherLocation; onDone: () => void }) {
  const addFavourite = useAddFavourite();
  const [nickname, setNickname] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = nickname.trim();
    addFavourite.mutate(
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
          maxLength={FAVOURITE_NICKNAME_MAX}
          onChange={(event) => {
            setNickname(event.currentTarget.value);
            if (addFavourite.isError) addFavourite.reset();
          }}
          data-autofocus
        />
        {addFavourite.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="Could not add the favorite">
            {favouriteErrorMessage(addFavourite.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={addFavourite.isPending}>
            Add Favorite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
