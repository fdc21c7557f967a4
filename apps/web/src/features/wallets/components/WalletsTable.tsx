import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { WalletSummary } from '@site/contract';
import { IconCheck, IconEye, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd } from '../../../lib/format';
import { walletPagePath } from '../wallet-format';
import { totalReturn } from '../wallet-math';
import { Gain } from './GainCells';

const COLUMNS = ['Wallet Name', 'Balance', 'Current Value', 'Actions'] as const;

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
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="My Wallets">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Wallet Name' ? 'left' : 'right'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wallets.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="md">
                  No wallets yet. Create one above to start paper trading.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            wallets.map((wallet) => {
              const gain = totalReturn(wallet.current_value_cents);
              return (
                <Table.Tr key={wallet.wallet_id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {wallet.wallet_name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(wallet.balance)}</Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" fw={600}>
                        {formatUsd(wallet.current_value)}
                      </Text>
                      <Gain size="xs" cents={gain.cents} percent={gain.percent} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        component={Link}
                        to={walletPagePath(wallet.wallet_id)}
                        size="xs"
                        variant="light"
                        leftSection={<IconEye size={14} />}
                        aria-label={`View ${wallet.wallet_name}`}
                      >
                        View
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPencil size={14} />}
                        aria-label={`Rename ${wallet.wallet_name}`}
                        onClick={() => onRename(wallet)}
                      >
                        Rename
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        aria-label={`Delete ${wallet.wallet_name}`}
                        onClick={() => onDelete(wallet)}
                      >
                        Delete
                      </Button>
                      {wallet.is_active ? (
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
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          leftSection={<IconStar size={14} />}
                          aria-label={`Set ${wallet.wallet_name} active`}
                          loading={activatingId === wallet.wallet_id}
                          disabled={activatingId !== null && activatingId !== wallet.wallet_id}
                          onClick={() => onSetActive(wallet)}
                          w={108}
                        >
                          Set Active
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
