import { Button, Group, Stack, TextInput } from '@mantine/core';
import { WALLET_NAME_MAX, type WalletSummary } from '@site/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api-client';
import { useRenameWallet } from '../api/use-wallets';
import { walletNameError } from './CreateWalletForm';

/** docs/product.md#constants: modals are half the window wide; clamped so the form stays readable. */
export const WALLET_MODAL_SIZE = 'clamp(20rem, 50%, 30rem)';

interface RenameWalletModalProps {
  wallet: WalletSummary | null;
  onClose: () => void;
}

/** Renames a wallet (same name rules as create; a duplicate is refused by the server). */
export function RenameWalletModal({ wallet, onClose }: RenameWalletModalProps) {
  const rename = useRenameWallet();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (wallet) {
      setName(wallet.wallet_name);
      setError(null);
    }
  }, [wallet]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wallet) return;
    const problem = walletNameError(name);
    setError(problem);
    if (problem) return;
    if (name.trim() === wallet.wallet_name) {
      onClose();
      return;
    }
    rename.mutate(
      { walletId: wallet.wallet_id, newName: name.trim() },
      {
        onSuccess: onClose,
        onError: (failure) => {
          console.error('Could not rename the wallet', failure);
          setError(isApiError(failure) ? (failure.fields?.new_wallet_name ?? failure.message) : failure.message);
        },
      },
    );
  };

  return (
    <Modal
      opened={wallet !== null}
      onClose={onClose}
      title={wallet ? `Rename ${wallet.wallet_name}` : 'Rename wallet'}
      size={WALLET_MODAL_SIZE}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="New wallet name"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            maxLength={WALLET_NAME_MAX + 10}
            error={error}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
