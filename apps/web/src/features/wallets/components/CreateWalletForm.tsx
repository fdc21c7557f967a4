import { Button, Group, TextInput } from '@mantine/core';
import { STARTING_CASH_CENTS, userTextProblem, WALLET_NAME_MAX, WALLET_NAME_RULE } from '@site/contract';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useCreateWallet } from '../api/use-wallets';
import { centsToDollars } from '../wallet-math';

/** Checks a wallet name the way the server will (the contract's rule behind walletNameSchema); null when fine. */
export function walletNameError(name: string): string | null {
  return userTextProblem(WALLET_NAME_RULE, name);
}

/** docs/product.md#finance-home-appsfinance: the create form (wallet name + 'Create Wallet'). */
export function CreateWalletForm() {
  const create = useCreateWallet();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = walletNameError(name);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: () => setName(''),
      onError: (failure) => {
        console.error('Could not create the wallet', failure);
        setError(isApiError(failure) ? (failure.fields?.wallet_name ?? failure.message) : failure.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create a wallet">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Wallet name"
          placeholder="e.g. Long-term"
          description={`Every new wallet starts with ${formatUsd(centsToDollars(STARTING_CASH_CENTS))} of paper money.`}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          maxLength={WALLET_NAME_MAX + 10}
          error={error}
          required
          style={{ flex: '1 1 16rem' }}
          maw={420}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending} mt={{ base: 0, xs: 46 }}>
          Create Wallet
        </Button>
      </Group>
    </form>
  );
}
