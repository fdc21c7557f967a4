import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api-client';
import { useStock } from '../../lib/market/stock-query';
import { LoginRequiredCard, RequireSignIn, useMe } from '../auth';
import { isInWatchlist, useWatchlist } from './api/use-finance';
import { StockQuoteModal } from './components/StockQuoteModal';
import { SymbolSearch } from './components/SymbolSearch';
import { WatchlistTable } from './components/WatchlistTable';

function lookupError(error: Error, symbol: string): string {
  if (isApiError(error, 404)) return `No stock found for symbol ${symbol}.`;
  if (isApiError(error, 400)) return error.message;
  return `Could not look up ${symbol}: ${error.message}`;
}

interface FinanceHomePageProps {
  /** Shown to a signed-in user above the watchlist (the route puts the wallet selector here). */
  aboveWatchlist?: ReactNode;
  /** Shown to a signed-in user below the watchlist (the route puts My Wallets and the active wallet here). */
  belowWatchlist?: ReactNode;
}

/**
 * docs/product.md#finance-home-appsfinance home: symbol search with a result popup and the watchlist. The wallets' parts of
 * the page belong to another feature; app/routes/finance-home passes them in.
 */
export function FinanceHomePage({ aboveWatchlist, belowWatchlist }: FinanceHomePageProps) {
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

      <RequireSignIn
        fallback={
          <section aria-labelledby="watchlist-heading">
            <Title order={2} id="watchlist-heading" mb="sm">
              Watchlist
            </Title>
            <LoginRequiredCard reason="Your watchlist and wallets are saved to your account. Stock look-up works without one." />
          </section>
        }
      >
        {aboveWatchlist}
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
        {belowWatchlist}
      </RequireSignIn>

      <StockQuoteModal
        stock={stock.data?.symbol}
        opened={popupOpen && stock.isSuccess}
        onClose={() => setPopupOpen(false)}
        inWatchlist={symbol !== null && isInWatchlist(symbol, watchlist.data, stock.data)}
      />
    </Stack>
  );
}
