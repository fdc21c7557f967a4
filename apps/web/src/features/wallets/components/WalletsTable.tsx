import { Badge, Stack, Text } from '@mantine/core';
import type { WalletSummary } from '@site/contract';
import { IconCheck, IconEye, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { type DataColumn, DataTable } from '../../../components/DataTable';
import { RowActions } from '../../../components/RowActions';
import { formatUsd } from '../../../lib/format';
import { walletPagePath } from '../wallet-format';
import { totalReturn } from '../wallet-math';
import { Gain } from './GainCells';

interface WalletsTableProps {
  wallets: readonly WalletSummary[];
  onRename: (wallet: WalletSummary) => void;
  onDelete: (wallet: WalletSummary) => void;
  onSetActive: (wallet: WalletSummary) => void;
  /** The wallet being made active, while that request runs. */
  activatingId?: number | null;
}

/** docs/product.md#finance-home-appsfinance table: name, balance, current value and the view/rename/delete/set-active actions. */
export function WalletsTable({ wallets, onRename, onDelete, onSetActive, activatingId = null }: WalletsTableProps) {
  const columns: DataColumn<WalletSummary>[] = [
    {
      header: 'Wallet Name',
      cell: (wallet) => (
        <Text fw={600} size="sm">
          {wallet.wallet_name}
        </Text>
      ),
    },
    { header: 'Balance', align: 'right', cell: (wallet) => formatUsd(wallet.balance) },
    {
      header: 'Current Value',
      align: 'right',
      cell: (wallet) => {
        const gain = totalReturn(wallet.current_value_cents);
        return (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600}>
              {formatUsd(wallet.current_value)}
            </Text>
            <Gain size="xs" cents={gain.cents} percent={gain.percent} />
          </Stack>
        );
      },
    },
    {
      header: 'Actions',
      align: 'right',
      cell: (wallet) => (
        <RowActions
          actions={[
            {
              label: 'View',
              ariaLabel: `View ${wallet.wallet_name}`,
              icon: <IconEye size={14} />,
              variant: 'light',
              to: walletPagePath(wallet.wallet_id),
            },
            {
              label: 'Rename',
              ariaLabel: `Rename ${wallet.wallet_name}`,
              icon: <IconPencil size={14} />,
              variant: 'default',
              onClick: () => onRename(wallet),
            },
            {
              label: 'Delete',
              ariaLabel: `Delete ${wallet.wallet_name}`,
              icon: <IconTrash size={14} />,
              variant: 'subtle',
              color: 'red',
              onClick: () => onDelete(wallet),
            },
            ...(wallet.is_active
              ? []
              : [
                  {
                    label: 'Set Active',
                    ariaLabel: `Set ${wallet.wallet_name} active`,
                    icon: <IconStar size={14} />,
                    variant: 'outline',
                    loading: activatingId === wallet.wallet_id,
                    disabled: activatingId !== null && activatingId !== wallet.wallet_id,
                    onClick: () => onSetActive(wallet),
                    w: 108,
                  },
                ]),
          ]}
        >
          {wallet.is_active && (
            <Badge
              color="teal"
              variant="light"
              size="lg"
              leftSection={<IconCheck size={12} />}
              title="Your active wallet"
              w={108}
            >
              Active
            </Badge>
          )}
        </RowActions>
      ),
    },
  ];
  return (
    <DataTable
      label="My Wallets"
      columns={columns}
      rows={wallets}
      rowKey={(wallet) => wallet.wallet_id}
      empty="No wallets yet. Create one above to start paper trading."
      minWidth={720}
      striped
      highlightOnHover
      verticalSpacing="sm"
    />
  );
}
