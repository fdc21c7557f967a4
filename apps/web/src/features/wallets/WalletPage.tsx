import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { WALLET_LEDGER_MAX, type WalletDetails } from '@site/contract';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { isApiError } from '../../lib/api-client';
import { RequireSignIn } from '../auth';
import { activeWallet, useWalletDetails, useWalletLedger, useWallets } from './api/use-wallets';
import { LazyWalletValueChart } from './chart/LazyWalletValueChart';
import type { WalletChartProps } from './chart/wallet-chart-data';
import { CreateWalletForm } from './components/CreateWalletForm';
import { HoldingsTable } from './components/HoldingsTable';
import { SellStockForm } from './components/SellStockForm';
import { TradeForm } from './components/TradeForm';
import { TradeLedgerTable } from './components/TradeLedgerTable';
import { WalletEventsTable } from './components/WalletEventsTable';
import { WalletHistoryTable } from './components/WalletHistoryTable';
import { WalletSelect } from './components/WalletSelect';
import { WalletStats } from './components/WalletStats';
import { OrderTicket } from './orders/OrderTicket';
import { WalletOrders } from './orders/WalletOrders';
import { DownloadLedgerButton } from './performance/DownloadLedgerButton';
import type { PerformanceChartProps } from './performance/performance-chart-data';
import { WalletPerformance } from './performance/WalletPerformance';
import classes from './WalletPage.module.css';
import { realizedGainFromLedger } from './wallet-math';
import { parseWalletParam, WALLET_PARAM } from './wallet-param';

function Section({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id} className={classes.section}>
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      <Suspense fallback={null}>{children}</Suspense>
    </Paper>
  );
}

interface WalletPageProps {
  /** The value chart to draw; tests pass a stub since jsdom has no canvas. */
  ChartComponent?: ComponentType<WalletChartProps>;
  /** The Performance section's chart (docs/api.md#wallet-performance), likewise. */
  PerformanceChartComponent?: ComponentType<PerformanceChartProps>;
}

/**
 * The overlay covers the whole wallet (well over a screen tall), and centred in it the loader sat
 * ~1,100 px down, off screen. It goes to the top instead and sticks at 40 % of the viewport while
 * the page scrolls; `overflow: clip` rather than the overlay's `hidden`, which would make the
 * overlay the loader's scroll container and stop it sticking.
 */
const LOADER_IN_VIEW = {
  root: { alignItems: 'flex-start', overflow: 'clip' },
  loader: { position: 'sticky', top: '40vh', marginTop: 'var(--mantine-spacing-xl)' },
} as const;

/**
 * docs/product.md#wallet-page-appsfinancewallet page (/apps/finance/wallet): a wallet selector (kept in `?wallet=`); once a
 * wallet is chosen, its details, stocks held, buy and sell forms, the order ticket and its
 * orders (docs/api.md#orders), value chart, history and trade ledger. Without `?wallet=` the active wallet is shown.
 */
export function WalletPage(props: WalletPageProps) {
  return (
    <RequireSignIn title="Wallets" reason="Your paper-trading wallets are saved to your account.">
      <Wallets {...props} />
    </RequireSignIn>
  );
}

function Wallets({ ChartComponent = LazyWalletValueChart, PerformanceChartComponent }: WalletPageProps) {
  const [params, setParams] = useSearchParams();
  const wallets = useWallets();
  const requestedId = parseWalletParam(params.get(WALLET_PARAM));
  const active = activeWallet(wallets.data);
  const hasParam = params.has(WALLET_PARAM);
  const walletId = requestedId ?? (hasParam ? null : (active?.wallet_id ?? null));

  // No wallet in the URL: show the active one, and say so in the URL (replacing, not adding, history).
  useEffect(() => {
    if (!hasParam && active) setParams({ [WALLET_PARAM]: String(active.wallet_id) }, { replace: true });
  }, [hasParam, active, setParams]);

  // The details carry the wallet's history too (docs/api.md#every-call): no second request for it.
  const details = useDeferredQuery(useWalletDetails(walletId, { keepPrevious: true }));
  const ledger = useDeferredQuery(useWalletLedger(walletId, { keepPrevious: true }));

  const list = wallets.data?.wallets ?? [];
  const noWallets = wallets.isSuccess && list.length === 0;
  const loading = details.isFetching || ledger.isFetching;
  // While another wallet loads, the previous one stays under the overlay.
  const shown: WalletDetails | undefined = details.data?.wallet;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Anchor component={Link} to="/apps/finance" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              Finance
            </Group>
          </Anchor>
          <Title order={1}>Wallets</Title>
        </div>
        <WalletSelect
          wallets={list}
          value={walletId}
          onChange={(next) => setParams({ [WALLET_PARAM]: String(next.wallet_id) })}
          loading={wallets.isPending}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>

      {wallets.isError && (
        <LoadError title="Could not load your wallets" error={wallets.error} onRetry={() => wallets.refetch()} />
      )}

      {noWallets ? (
        <Section title="No wallets yet" id="no-wallets-heading">
          <Text c="dimmed" size="sm" mb="md">
            Create a wallet to start paper trading. You can make more later on the Finance page.
          </Text>
          <CreateWalletForm />
        </Section>
      ) : walletId === null ? (
        wallets.isSuccess && (
          <Paper withBorder p="xl" radius="md" ta="center">
            <Text fw={600}>Choose a wallet</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {hasParam ? 'That link does not name a wallet. ' : ''}Pick one with the Wallet selector to see its
              details, holdings and history.
            </Text>
          </Paper>
        )
      ) : details.isError && !shown ? (
        isApiError(details.error, 404) ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Wallet not found">
            <Text size="sm">
              This wallet does not exist or is not yours. Pick another one with the Wallet selector.
            </Text>
            <Button component={Link} to="/apps/finance" size="xs" mt="sm" variant="white" color="red">
              Go to Finance
            </Button>
          </Alert>
        ) : (
          <LoadError title="Could not load the wallet" error={details.error} onRetry={() => details.refetch()} />
        )
      ) : (
        <Box pos="relative" mih={320}>
          <LoadingOverlay
            visible={loading}
            zIndex={5}
            overlayProps={{ radius: 'md', blur: 1 }}
            loaderProps={{ 'aria-label': 'Loading wallet' }}
            styles={LOADER_IN_VIEW}
          />
          {shown && (
            <Stack gap="lg">
              <Section
                title="Wallet Details"
                id="wallet-details-heading"
                aside={
                  <Group gap="xs">
                    <Text fw={600}>{shown.wallet_name}</Text>
                    {shown.is_active && (
                      <Badge color="teal" variant="light">
                        Active
                      </Badge>
                    )}
                  </Group>
                }
              >
                {!shown.prices_available && details.data && (
                  <Alert color="yellow" variant="light" title="Prices unavailable" mb="md">
                    {details.data.message}
                  </Alert>
                )}
                <WalletStats
                  wallet={shown}
                  realizedPercent={
                    ledger.data && ledger.data.trades.length < WALLET_LEDGER_MAX
                      ? (realizedGainFromLedger(ledger.data.trades)?.percent ?? null)
                      : null
                  }
                />
              </Section>

              <Section title="Stocks Held" id="stocks-held-heading">
                <HoldingsTable wallet={shown} />
              </Section>

              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Section title="Buy Stocks" id="buy-stocks-heading">
                  <TradeForm key={shown.wallet_id} wallet={shown} sides={['buy']} cols={{ base: 1, xs: 2 }} />
                </Section>
                <Section title="Sell Stocks" id="sell-stocks-heading">
                  <SellStockForm key={shown.wallet_id} wallet={shown} />
                </Section>
              </SimpleGrid>

              <Section title="Place an Order" id="place-order-heading">
                <OrderTicket key={shown.wallet_id} wallet={shown} />
              </Section>
              <Section title="Open Orders" id="open-orders-heading">
                <WalletOrders walletId={shown.wallet_id} />
              </Section>

              <Section title="Wallet Value Over Time" id="wallet-chart-heading">
                {shown.history.length > 0 ? (
                  <ChartComponent history={shown.history} />
                ) : (
                  <Text c="dimmed" size="sm">
                    No history yet.
                  </Text>
                )}
              </Section>

              <Section title="Performance" id="wallet-performance-heading">
                <WalletPerformance wallet={shown} ChartComponent={PerformanceChartComponent} />
              </Section>

              <Section title="Wallet History" id="wallet-history-heading">
                <WalletHistoryTable history={shown.history} />
              </Section>
              <Section
                title="Trade Ledger"
                id="trade-ledger-heading"
                aside={<DownloadLedgerButton walletId={shown.wallet_id} walletName={shown.wallet_name} />}
              >
                {ledger.isError ? (
                  <LoadError title="Could not load the trades" error={ledger.error} onRetry={() => ledger.refetch()} />
                ) : ledger.data ? (
                  <TradeLedgerTable trades={ledger.data.trades} />
                ) : (
                  <PageLoader label="Loading the trades…" />
                )}
              </Section>
              <Section title="Dividends and Splits" id="wallet-events-heading">
                <WalletEventsTable walletId={shown.wallet_id} />
              </Section>
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
