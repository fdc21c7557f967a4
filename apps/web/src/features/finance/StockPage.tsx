import { Anchor, Box, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type HistoryInterval,
  type HistoryRange,
  normalizeSymbol,
  type Stock,
} from '@site/contract';
import { IconArrowLeft, IconChartLine, IconFileDescription, IconNews, IconUsers } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { stockPath } from '../../lib/market/paths';
import { RequireSignIn, useAuthModals, useMe } from '../auth';
import { isInWatchlist, useFullStock, useWatchlist } from './api/use-finance';
import type { ChartMode, PriceChartProps } from './chart/chart-data';
import { LazyPriceHistoryChart } from './chart/LazyPriceHistoryChart';
import { AnalysisPanel } from './components/AnalysisPanel';
import { BoardPanel } from './components/BoardPanel';
import { NewsPanel } from './components/NewsPanel';
import { PriceChange } from './components/PriceChange';
import { ProfilePanel } from './components/ProfilePanel';
import { SymbolSearch } from './components/SymbolSearch';
import { UsdEquivalent } from './components/UsdEquivalent';
import { WatchlistButton } from './components/WatchlistButton';
import { type IntervalChoice, intervalForRange } from './interval-choice';

type TabValue = 'profile' | 'board' | 'news' | 'analysis';

/** docs/product.md#screens: address lines, city, state, zip, country — whichever exist. */
export function formatAddress(info: Stock): string {
  const cityLine = [info.city, [info.state, info.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [info.address1, info.address2, cityLine, info.country].filter(Boolean).join(', ');
}

interface StockPageProps {
  /** The chart to draw; tests pass a stub since jsdom has no canvas. */
  ChartComponent?: ComponentType<PriceChartProps>;
}

/** docs/product.md#stock-page-appsfinancestocksymbol detail page: header, then Profile, Board, News and Analysis tabs. */
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
  const [mode, setMode] = useState<ChartMode>('lines');
  const fullStock = useFullStock(symbol, range, interval);

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
        <Group gap="sm" justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
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
          <Paper withBorder radius="md" p="lg" component="header">
            <Group justify="space-between" align="flex-start" gap="md">
              <div>
                <Title order={1}>
                  {info.symbol}{' '}
                  <Text span inherit c="dimmed" fw={500}>
                    {info.shortName}
                  </Text>
                </Title>
                <Group gap="sm" align="baseline" mt={4}>
                  <Text fz="xl" fw={700}>
                    {formatPrice(info.currentPrice, info.currency)}
                  </Text>
                  <UsdEquivalent currency={info.currency} usd={info.currentPriceUsd} />
                  <PriceChange
                    change={info.regularMarketChange}
                    percent={info.regularMarketChangePercent}
                    currency={info.currency}
                  />
                  <Text size="sm" c="dimmed">
                    {info.exchange}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" mt={6} component="address" style={{ fontStyle: 'normal' }}>
                  {formatAddress(info) || 'Address not available'}
                </Text>
              </div>
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
            </Group>
          </Paper>

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
