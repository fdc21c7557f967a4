import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Stock } from '@site/contract';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Modal } from '../../../components/Modal';
import { StatList } from '../../../components/StatList';
import { formatCompact, formatCompactPrice, formatInteger, formatPrice, NO_VALUE } from '../../../lib/format';
import { stockPath } from '../../../lib/market/paths';
import { RequireSignIn, useAuthModals } from '../../auth';
import { displayHost, ExternalLink } from './ExternalLink';
import { PriceChange } from './PriceChange';
import { UsdEquivalent } from './UsdEquivalent';
import { WatchlistButton } from './WatchlistButton';

/** docs/product.md#constants: modals are half the window wide; clamped so the popup stays readable. */
const QUOTE_MODAL_SIZE = 'clamp(22rem, 50%, 40rem)';

interface StockQuoteModalProps {
  stock: Stock | undefined;
  opened: boolean;
  onClose: () => void;
  inWatchlist: boolean;
}

const link = (url: string | null) => (url ? <ExternalLink href={url}>{displayHost(url)}</ExternalLink> : NO_VALUE);

/** docs/product.md#finance-home-appsfinance home: the search result popup. */
export function StockQuoteModal({ stock, opened, onClose, inWatchlist }: StockQuoteModalProps) {
  const { openLogin } = useAuthModals();
  // No watchlist button for a visitor: a hint to log in instead.
  const loginHint = (
    <Text size="sm" c="dimmed">
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          onClose();
          openLogin();
        }}
      >
        Log in
      </Anchor>{' '}
      to keep stocks in a watchlist.
    </Text>
  );
  return (
    <Modal
      opened={opened && stock !== undefined}
      onClose={onClose}
      size={QUOTE_MODAL_SIZE}
      centered
      title={stock ? `${stock.symbol} · ${stock.exchange}` : ''}
    >
      {stock && (
        <Stack gap="md">
          <div>
            <Text fw={600}>{stock.shortName}</Text>
            <Group gap="sm" align="baseline">
              <Text fz={28} fw={700} aria-label="Current price">
                {formatPrice(stock.currentPrice, stock.currency)}
              </Text>
              <UsdEquivalent currency={stock.currency} usd={stock.currentPriceUsd} />
              <PriceChange
                change={stock.regularMarketChange}
                percent={stock.regularMarketChangePercent}
                currency={stock.currency}
              />
            </Group>
          </div>
          <StatList
            stats={[
              { label: 'Open', value: formatPrice(stock.regularMarketOpen, stock.currency) },
              { label: 'Previous Close', value: formatPrice(stock.regularMarketPreviousClose, stock.currency) },
              { label: 'High', value: formatPrice(stock.regularMarketDayHigh, stock.currency) },
              { label: 'Low', value: formatPrice(stock.regularMarketDayLow, stock.currency) },
              {
                label: 'Volume',
                value: formatCompact(stock.regularMarketVolume),
                title: formatInteger(stock.regularMarketVolume),
              },
              {
                label: 'Market Cap',
                // In the listing's currency, like its prices.
                value: formatCompactPrice(stock.marketCap, stock.currency),
                title: formatPrice(stock.marketCap, stock.currency),
              },
              { label: 'Industry', value: stock.industry ?? NO_VALUE },
              { label: 'Sector', value: stock.sector ?? NO_VALUE },
              { label: 'Website', value: link(stock.website) },
              { label: 'Investor Relations', value: link(stock.irWebsite) },
            ]}
          />
          <Group justify="space-between" mt="xs">
            <RequireSignIn fallback={loginHint} pending={loginHint}>
              <WatchlistButton symbol={stock.symbol} inWatchlist={inWatchlist} />
            </RequireSignIn>
            <Button
              component={Link}
              to={stockPath(stock.symbol)}
              variant="light"
              rightSection={<IconArrowRight size={16} />}
            >
              See More
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
