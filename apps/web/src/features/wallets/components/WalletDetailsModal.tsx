import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { WalletSummary } from '@site/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { PageLoader } from '../../../components/PageLoader';
import { useWalletDetails } from '../api/use-wallets';
import { walletPagePath } from '../wallet-format';
import { HoldingsTable } from './HoldingsTable';
import { WalletStats } from './WalletStats';

/** docs/product.md#constants half-width modal, clamped; the holdings table scrolls sideways when it must. */
const DETAILS_MODAL_SIZE = 'clamp(22rem, 50%, 60rem)';

interface WalletDetailsModalProps {
  wallet: Pick<WalletSummary, 'wallet_id' | 'wallet_name'>;
  opened: boolean;
  onClose: () => void;
}

/** docs/product.md#finance-home-appsfinance home wallet-details modal: the wallet's totals and its holdings. */
export function WalletDetailsModal({ wallet, opened, onClose }: WalletDetailsModalProps) {
  const details = useWalletDetails(opened ? wallet.wallet_id : null);
  return (
    <Modal opened={opened} onClose={onClose} title={`${wallet.wallet_name} details`} size={DETAILS_MODAL_SIZE} centered>
      {details.isPending ? (
        <PageLoader label="Loading wallet details…" />
      ) : details.isError ? (
        <LoadError title="Could not load the wallet" error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <Stack gap="lg">
          {!details.data.wallet.prices_available && (
            <Alert color="yellow" variant="light" title="Prices unavailable">
              {details.data.message}
            </Alert>
          )}
          <WalletStats wallet={details.data.wallet} />
          <div>
            <Text fw={600} mb="xs">
              Stocks Held
            </Text>
            <HoldingsTable wallet={details.data.wallet} compact />
          </div>
          <Group justify="flex-end">
            <Button
              component={Link}
              to={walletPagePath(wallet.wallet_id)}
              variant="light"
              rightSection={<IconArrowRight size={16} />}
            >
              Open wallet page
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
