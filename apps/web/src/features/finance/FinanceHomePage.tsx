import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api-client';
import { useMe } from '../auth/api/use-me';
import { LoginRequiredCard } from '../auth/LoginRequiredCard';
import { isInWatchlist, useStock, useWatchlist } from './api/use-finance';
import { StockQuoteModal } from './components/StockQuoteModal';
import { SymbolSearch } from './components/SymbolSearch';
import { ActiveWalletSlot, MyWalletsSlot, WalletSelectorSlot } from './components/WalletSlots';
import { WatchlistTable } from './components/WatchlistTable';

function lookupError(error: Error, symbol: string): string {
  if (isApiError(error, 404)) return `No stock found for symbol ${symbol}.`;
  if (isApiError(error, 400)) return error.message;
  return `Could not look up ${symbol}: ${error.message}`;
}

/** Seed §2 Finance home: symbol search with a result popup, the watchlist, and (next) the wallets. */
export function FinanceHomePage() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const watchlist = useWatchlist(signedIn);
  const [symbol, setSymbol] = useState<string | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [hideError, setHideError] = useState(false);
  const stock = useStock(symbol);

  const search = (next: string) => {
    setSymbol(next);
    setPopupOpen(true);
    setHideError(false);
    // The same symbol again: show the cached answer, refreshed if stale.
    if (next === symbol) void stock.refetch();
  };

  const error = symbol && stock.isError && !hideError ? lookupError(stock.error, symbol) : null;

  return (
    <Stack gap="xl">
      <Title order={1}>Finance</Title>

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="lookup-heading">
        <Title order={2} size="h4" id="lookup-heading" mb="xs">
          Look up a stock
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Type a ticker symbol such as AAPL or part of a company name, then search.
        </Text>
        <SymbolSearch
          onSearch={search}
          watchlistSymbols={watchlist.data?.symbols}
          placeholder="Enter stock symbol..."
          loading={stock.isFetching && popupOpen}
          error={error}
          onEdit={() => setHideError(true)}
        />
      </Paper>

      {me.isPending ? (
        <PageLoader label="Checking your session…" />
      ) : signedIn ? (
        <>
          {/* Wallet selector (wallet feature) sits above the watchlist. */}
          <WalletSelectorSlot />
          <section aria-labelledby="watchlist-heading">
            <Group justify="space-between" mb="sm">
              <Title order={2} id="watchlist-heading">
                Watchlist
              </Title>
              {/* The server's summary, e.g. "3 stocks in watchlist"; the empty table says it itself. */}
              {watchlist.data && watchlist.data.items.length > 0 && (
                <Text size="sm" c="dimmed">
                  {watchlist.data.message}
                </Text>
              )}
            </Group>
            {watchlist.isPending ? (
              <PageLoader label="Loading your watchlist…" />
            ) : watchlist.isError ? (
              <LoadError
                title="Could not load your watchlist"
                error={watchlist.error}
                onRetry={() => watchlist.refetch()}
              />
            ) : (
              <WatchlistTable items={watchlist.data.items} />
            )}
          </section>
          {/* My Wallets (create form + wallets table), then the active wallet panel. */}
          <MyWalletsSlot />
          <ActiveWalletSlot />
        </>
      ) : (
        <section aria-labelledby="watchlist-heading">
          <Title order={2} id="watchlist-heading" mb="sm">
            Watchlist
          </Title>
          <LoginRequiredCard reason="Your watchlist and wallets are saved to your account. Stock look-up works without one." />
        </section>
      )}

      <StockQuoteModal
        stock={stock.data?.stock}
        opened={popupOpen && stock.isSuccess}
        onClose={() => setPopupOpen(false)}
        signedIn={signedIn}
        inWatchlist={symbol !== null && isInWatchlist(symbol, watchlist.data, stock.data)}
      />
    </Stack>
  );
}
