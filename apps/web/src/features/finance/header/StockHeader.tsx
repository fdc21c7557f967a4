import { Badge, Box, Divider, Grid, Group, Paper, Text, Title } from '@mantine/core';
import type { PriceHistory, Stock } from '@site/contract';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../lib/format';
import { PriceChange } from '../components/PriceChange';
import { UsdEquivalent } from '../components/UsdEquivalent';
import { KeyStatistics } from './KeyStatistics';
import { type MarketPhase, marketPhase, PHASE_LABELS, quoteTimeText } from './market-status';
import { PriceSparkline } from './PriceSparkline';

/** docs/product.md#screens: address lines, city, state, zip, country — whichever exist. */
export function formatAddress(info: Stock): string {
  const cityLine = [info.city, [info.state, info.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [info.address1, info.address2, cityLine, info.country].filter(Boolean).join(', ');
}

/** The price line's part of the stock's default history query. */
export interface RecentHistory {
  data: PriceHistory | undefined;
  loading: boolean;
  error: string | null;
  retry: () => void;
  retrying: boolean;
}

/** The badge's dot: green while the market trades, amber in its extended hours, grey when shut (visible on both schemes). */
const PHASE_COLORS: Record<MarketPhase, string> = { open: 'teal', pre: 'orange', post: 'orange', closed: 'gray.5' };

/** The big price with its currency, the day's change (sign, arrow and colour), and the market's state and time. */
function QuotePrice({ info }: { info: Stock }) {
  const price = formatPrice(info.currentPrice, info.currency);
  const phase = marketPhase(info.marketState);
  const time = quoteTimeText(phase, info.regularMarketTime, info.exchangeTimezoneName);
  return (
    <div>
      <Group gap={8} align="baseline" wrap="wrap">
        <Text
          fz={{ base: 34, sm: 40 }}
          fw={700}
          lh={1.1}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="quote-price"
        >
          {price}
        </Text>
        {/* '2,550 GBp' already names its currency. */}
        {!price.endsWith(info.currency) && (
          <Text size="sm" c="dimmed" fw={600}>
            {info.currency}
          </Text>
        )}
        <UsdEquivalent currency={info.currency} usd={info.currentPriceUsd} />
      </Group>
      <Box mt={4}>
        <PriceChange
          change={info.regularMarketChange}
          percent={info.regularMarketChangePercent}
          currency={info.currency}
          size="lg"
          fw={600}
          arrow
        />
      </Box>
      <Group gap={6} mt={8} wrap="wrap" align="center">
        {phase && (
          <Badge variant="dot" color={PHASE_COLORS[phase]} size="md" tt="none" fw={500} style={{ flexShrink: 0 }}>
            {PHASE_LABELS[phase]}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {time && info.regularMarketTime && (
            <>
              <time dateTime={info.regularMarketTime}>{time}</time>
              {' · '}
            </>
          )}
          {info.exchange}
        </Text>
      </Group>
    </div>
  );
}

interface StockHeaderProps {
  info: Stock;
  recent: RecentHistory;
  /** The watchlist button, or the hint to log in. */
  actions: ReactNode;
}

/**
 * docs/product.md#stock-page-appsfinancestocksymbol: above the tabs, the stock at a glance — name,
 * address and watchlist button, the price and the day's change, a compact price line and the key
 * statistics.
 */
export function StockHeader({ info, recent, actions }: StockHeaderProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="header">
      <Group justify="space-between" align="flex-start" gap="md">
        <Box miw={0}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {info.symbol}{' '}
            <Text span inherit c="dimmed" fw={500}>
              {info.shortName}
            </Text>
          </Title>
          <Text size="sm" c="dimmed" mt={4} component="address" style={{ fontStyle: 'normal' }}>
            {formatAddress(info) || 'Address not available'}
          </Text>
        </Box>
        {actions}
      </Group>
      <Divider my="md" />
      <Grid gap={{ base: 'md', sm: 'xl' }} align="center">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <QuotePrice info={info} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <PriceSparkline
            history={recent.data}
            loading={recent.loading}
            error={recent.error}
            onRetry={recent.retry}
            retrying={recent.retrying}
            currency={info.currency}
            timeZone={info.exchangeTimezoneName ?? 'America/New_York'}
            name={info.symbol}
            height={110}
          />
        </Grid.Col>
      </Grid>
      <KeyStatistics quote={info} mt="lg" />
    </Paper>
  );
}
