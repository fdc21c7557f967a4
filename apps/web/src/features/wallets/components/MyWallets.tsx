import { Group, Paper, Text, Title } from '@mantine/core';
import type { WalletSummary } from '@site/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { formatUsd } from '../../../lib/format';
import { useDeleteWallet, useSetActiveWallet, useWallets } from '../api/use-wallets';
import { CreateWalletForm } from './CreateWalletForm';
import { RenameWalletModal } from './RenameWalletModal';
import { WalletsTable } from './WalletsTable';

/** docs/product.md#finance-home-appsfinance home 'My Wallets': a create form and the table of the user's wallets. */
export function MyWallets() {
  const wallets = useWallets();
  const setActive = useSetActiveWallet();
  const deleteWallet = useDeleteWallet();
  const [renaming, setRenaming] = useState<WalletSummary | null>(null);
  const [deleting, setDeleting] = useState<WalletSummary | null>(null);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="my-wallets-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} id="my-wallets-heading">
          My Wallets
        </Title>
        {wallets.data && wallets.data.wallets.length > 0 && (
          <Text size="sm" c="dimmed">
            {wallets.data.message}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Paper-trading wallets: simulated cash to buy and sell stocks at market prices, no real money involved.
      </Text>
      <CreateWalletForm />
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        {wallets.isPending ? (
          <PageLoader label="Loading your wallets…" />
        ) : wallets.isError ? (
          <LoadError title="Could not load your wallets" error={wallets.error} onRetry={() => wallets.refetch()} />
        ) : (
          <WalletsTable
            wallets={wallets.data.wallets}
            onRename={setRenaming}
            onDelete={setDeleting}
            onSetActive={(wallet) => setActive.mutate(wallet)}
            activatingId={setActive.isPending ? setActive.variables.wallet_id : null}
          />
        )}
      </div>

      <RenameWalletModal wallet={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete wallet"
        loading={deleteWallet.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && deleteWallet.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      >
        Are you sure you want to delete the wallet <strong>{deleting?.wallet_name}</strong>? Its cash and holdings
        (worth {formatUsd(deleting?.current_value)} in all) and its history are removed. This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}
