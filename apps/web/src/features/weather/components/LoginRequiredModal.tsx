import { Button, Group, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { useAuthModals } from '../../auth';
import { markSearchToResume } from '../weather-storage';

interface LoginRequiredModalProps {
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md#saved-locations: a visitor who tries to add a favorite is asked to log in first. */
export function LoginRequiredModal({ opened, onClose }: LoginRequiredModalProps) {
  const { openLogin, openSignup } = useAuthModals();
  const open = (show: () => void) => () => {
    // A successful log-in or sign-up reloads the page: the search comes back after it.
    markSearchToResume();
    onClose();
    show();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Login Required" centered>
      <Text>You must be logged in to add favorites.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={open(openSignup)}>
          Signup
        </Button>
        <Button onClick={open(openLogin)} data-autofocus>
          Login
        </Button>
      </Group>
    </Modal>
  );
}
