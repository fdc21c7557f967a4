import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowRight, IconListDetails, IconWallet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { type Stat, StatList } from '../../../components/StatList';
import { formatUsd } from '../../../lib/format';
import { activeWallet, useWallets } from '../api/use-wallets';
import { walletPagePath } from '../wallet-format';
import { TradeForm } from './TradeForm';
import { WalletDetailsModal } from './WalletDetailsModal';

/**
 * docs/product.md#finance-home-appsfinance home 'Active wallet panel': the active wallet's name, cash and value, its
 * buy/sell form and a Details button opening the wallet-details modal.
 */
export function ActiveWalletPanel() {
  const wallets = useWallets();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const active = activeWallet(wallets.data);
  const count = wallets.data?.wallets.length ?? 0;

  let body: ReactNode;
  if (wallets.isPending) body = <PageLoader label="Loading your active wallet…" />;
  else if (wallets.isError)
    body = null; // The selector above and My Wallets say what failed.
  else if (!active) {
    body = (
      <Text c="dimmed" size="sm">
        {count === 0
          ? 'No active wallet yet. Create a wallet under My Wallets to start trading.'
          : 'No active wallet. Pick one with the Wallet selector or Set Active under My Wallets to start trading.'}
      </Text>
    );
  } else {
    const stats: Stat[] = [
      { label: 'Cash', value: formatUsd(active.balance) },
      { label: 'Stocks', value: formatUsd(active.stocks_value) },
      { label: 'Total Value', value: formatUsd(active.current_value) },
    ];
    body = (
      <>
        <Group justify="space-between" align="flex-start" gap="md" mb="md">
          <div>
            <Group gap="xs">
              <Title order={3} size="h4">
                {active.wallet_name}
              </Title>
              <Badge color="teal" variant="light">
                Active
              </Badge>
            </Group>
          </div>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconListDetails size={16} />} onClick={() => setDetailsOpen(true)}>
              Details
            </Button>
            <Button
              component={Link}
              to={walletPagePath(active.wallet_id)}
              variant="subtle"
              rightSection={<IconArrowRight size={16} />}
            >
              Wallet page
            </Button>
          </Group>
        </Group>
        <StatList stats={stats} cols={{ base: 1, xs: 3 }} />
        <Title order={3} size="h5" mt="lg" mb="sm">
          Buy or sell
        </Title>
        <TradeForm key={active.wallet_id} wallet={active} />
        <WalletDetailsModal wallet={active} opened={detailsOpen} onClose={() => setDetailsOpen(false)} />
      </>
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="active-wallet-heading">
      <Group gap="xs" mb="md">
        <IconWallet size={22} aria-hidden />
        <Title order={2} id="active-wallet-heading">
          Active Wallet
        </Title>
      </Group>
      {body}
    </Paper>
  );
}
