import { Group, Loader, Select, type SelectProps, Text } from '@mantine/core';
import type { WalletSummary } from '@site/contract';
import { formatUsd } from '../../../lib/format';

interface WalletSelectProps extends Pick<SelectProps, 'description' | 'w' | 'maw' | 'miw' | 'error'> {
  wallets: readonly WalletSummary[];
  value: number | null;
  onChange: (wallet: WalletSummary) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** A Select labelled 'Wallet' listing the user's wallets by name, with each one's value beside it. */
export function WalletSelect({
  wallets,
  value,
  onChange,
  loading = false,
  disabled = false,
  placeholder = 'Choose a wallet',
  ...props
}: WalletSelectProps) {
  const byId = new Map(wallets.map((wallet) => [String(wallet.wallet_id), wallet]));
  return (
    <Select
      {...props}
      label="Wallet"
      placeholder={loading ? 'Loading wallets…' : wallets.length === 0 ? 'No wallets yet' : placeholder}
      data={wallets.map((wallet) => ({ value: String(wallet.wallet_id), label: wallet.wallet_name }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const wallet = next === null ? undefined : byId.get(next);
        if (wallet) onChange(wallet);
      }}
      renderOption={({ option }) => {
        const wallet = byId.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" gap="md" w="100%">
            <Text size="sm">{option.label}</Text>
            {wallet && (
              <Text size="xs" c="dimmed">
                {formatUsd(wallet.current_value)}
              </Text>
            )}
          </Group>
        );
      }}
      disabled={disabled || loading || wallets.length === 0}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      allowDeselect={false}
      checkIconPosition="right"
      searchable={wallets.length > 8}
      nothingFoundMessage="No wallet of that name"
    />
  );
}
