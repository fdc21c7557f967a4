import { Anchor, Box, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type HistoryInterval,
  type HistoryRange,
  normalizeSymbol,
} from '@site/contract';
import { IconArrowLeft, IconChartLine, IconFileDescription, IconNews, IconUsers } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { isApiError } from '../../lib/api-client';
import { stockPath } from '../../lib/market/paths';
import { RequireSignIn, useAuthModals, useMe } from '../auth';
import { isInWatchlist, useFullStock, useRecentHistory, useWatchlist } from './api/use-finance';
import type { ChartMode, PriceChartProps } from './chart/chart-data';
import { LazyPriceHistoryChart } from './chart/LazyPriceHistoryChart';
import { AnalysisPanel } from './components/AnalysisPanel';
import { BoardPanel } from './components/BoardPanel';
import { NewsPanel } from './components/NewsPanel';
import { ProfilePanel } from './components/ProfilePanel';
import { SymbolSearch } from './components/SymbolSearch';
import { WatchlistButton } from './components/WatchlistButton';
import { StockHeader } from './header/StockHeader';
import { StockHeaderSkeleton } from './header/StockHeaderSkeleton';
import { type IntervalChoice, intervalForRange } from './interval-choice';

type TabValue = 'profile' | 'board' | 'news' | 'analysis';

interface StockPageProps {
  /** The chart to draw; tests pass a stub since jsdom has no canvas. */
  ChartComponent?: ComponentType<PriceChartProps>;
}

/**
 * docs/product.md#stock-page-appsfinancestocksymbol detail page: the header (price, change, key
 * statistics and a compact price line), then the Profile, Board, News and Analysis tabs.
 */
export function StockPage({ ChartComponent = LazyPriceHistoryChart }: StockPageProps) {
  const { symbol: param = '' } = useParams();
  const symbol = normalizeSymbol(param);
  const navigate = useNavigate();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const { openLogin } = useAuthModals();
  const watchlist = useWatchlist(signedIn);
  const [tab, setTab] = useState<TabValue>('profile');
  const [range, setRange] = useState<HistoryRange>(DEFAULT_RANGE);
  const [intervalChoice, setIntervalChoice] = useState<IntervalChoice>({ interval: DEFAULT_INTERVAL, explicit: false });
  const interval = intervalChoice.interval;
  // docs/decisions.md#stock-page-header-and-candles: candles first; the seed's four lines are one click away.
  const [mode, setMode] = useState<ChartMode>('candles');
  const fullStock = useDeferredQuery(useFullStock(symbol, range, interval));
  const recent = useDeferredQuery(useRecentHistory(symbol));

  const changeRange = (next: HistoryRange) => {
    setRange(next);
    setIntervalChoice((current) => intervalForRange(next, current));
  };
  const changeInterval = (next: HistoryInterval) => {
    if (next !== interval) setIntervalChoice({ interval: next, explicit: true });
  };

  const data = fullStock.data;
  const info = data?.info;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Button component={Link} to="/apps/finance" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
        <Box w={{ base: '100%', xs: 380 }}>
          <SymbolSearch
            label="Go to stock symbol"
            placeholder="Enter stock symbol..."
            buttonLabel="Go"
            watchlistSymbols={watchlist.data?.symbols}
            onSearch={(next) => navigate(stockPath(next))}
          />
        </Box>
      </Group>

      {fullStock.isPending ? (
        <StockHeaderSkeleton />
      ) : !info || !data ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600}>No stock data available.</Text>
          {fullStock.isError && !isApiError(fullStock.error, 404) && !isApiError(fullStock.error, 400) ? (
            // The source failed (502/503) or the server could not be reached: say so, and offer a retry.
            <>
              <Text size="sm" c="dimmed" mt={4}>
                {fullStock.error.message}
              </Text>
              <Button
                size="xs"
                mt="md"
                variant="light"
                loading={fullStock.isFetching}
                onClick={() => fullStock.refetch()}
              >
                Try again
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed" mt={4}>
              {symbol ? `Nothing could be loaded for ${symbol}. Check the symbol and try again.` : 'No symbol given.'}
            </Text>
          )}
        </Paper>
      ) : (
        <>
          <StockHeader
            info={info}
            recent={{
              data: recent.data,
              loading: recent.isPending,
              error: recent.isError ? recent.error.message : null,
              retry: () => void recent.refetch(),
              retrying: recent.isFetching,
            }}
            actions={
              <RequireSignIn
                pending={null}
                fallback={
                  <Text size="sm" c="dimmed">
                    <Anchor component="button" type="button" size="sm" onClick={openLogin}>
                      Log in
                    </Anchor>{' '}
                    to add it to your watchlist.
                  </Text>
                }
              >
                <WatchlistButton
                  symbol={info.symbol}
                  inWatchlist={isInWatchlist(info.symbol, watchlist.data)}
                  removeLabel="Remove from Watchlist"
                />
              </RequireSignIn>
            }
          />

          <Tabs value={tab} onChange={(value) => setTab((value as TabValue | null) ?? 'profile')} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="profile" leftSection={<IconFileDescription size={16} />}>
                Profile
              </Tabs.Tab>
              <Tabs.Tab value="board" leftSection={<IconUsers size={16} />}>
                Board
              </Tabs.Tab>
              <Tabs.Tab value="news" leftSection={<IconNews size={16} />}>
                News
              </Tabs.Tab>
              <Tabs.Tab value="analysis" leftSection={<IconChartLine size={16} />}>
                Analysis
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <ProfilePanel info={info} />
            </Tabs.Panel>
            <Tabs.Panel value="board">
              <BoardPanel officers={info.companyOfficers} />
            </Tabs.Panel>
            <Tabs.Panel value="news">
              <NewsPanel news={data.news} />
            </Tabs.Panel>
            <Tabs.Panel value="analysis">
              <AnalysisPanel
                history={data.history}
                historyRange={data.range}
                historyInterval={data.interval}
                range={range}
                interval={interval}
                onRangeChange={changeRange}
                onIntervalChange={changeInterval}
                mode={mode}
                onModeChange={setMode}
                loading={fullStock.isPlaceholderData}
                ChartComponent={ChartComponent}
                timeZone={data.exchangeTimezoneName}
                currency={data.info.currency}
                events={data.events}
              />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
