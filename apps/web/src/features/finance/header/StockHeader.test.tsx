import type { Stock } from '@site/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stock } from '../../../test/fixtures/stocks';
import { renderWithProviders } from '../../../test/render';
import { fullStock } from '../test-fixtures';
import { type RecentHistory, StockHeader } from './StockHeader';

const history = fullStock().history;
const loaded: RecentHistory = { data: history, loading: false, error: null, retry: () => {}, retrying: false };

function renderHeader(info: Stock, recent: RecentHistory = loaded) {
  return renderWithProviders(<StockHeader info={info} recent={recent} actions={<button type="button">Act</button>} />);
}

/** The value (and detail) written beside a statistic's label. */
const statValue = (label: string) => {
  const term = within(screen.getByLabelText('Key statistics')).getByText(label);
  return term.nextElementSibling as HTMLElement;
};

/** Every statistic's value as it reads, in order. */
const statValues = () =>
  within(screen.getByLabelText('Key statistics'))
    .getAllByRole('definition')
    .map((dd) => dd.firstElementChild?.textContent);

describe('StockHeader', () => {
  it('formats the price, the change, the market state and every statistic', () => {
    renderHeader(stock());
    expect(screen.getByRole('heading', { level: 1, name: 'AAPL Apple Inc.' })).toBeInTheDocument();
    expect(screen.getByText('One Apple Park Way, Cupertino, CA 95014, United States')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Act' })).toBeInTheDocument();
    expect(screen.getByText('$229.87')).toBeInTheDocument();
    expect(screen.getByText('USD')).toBeInTheDocument();
    const change = screen.getByText('+$1.77 (+0.78%)');
    // A gain says so three ways: the sign, the arrow and the colour.
    expect(change.querySelector('svg')).toHaveClass('tabler-icon-arrow-up-right');
    expect(change).toHaveStyle({ color: 'var(--mantine-color-teal-text)' });
    expect(screen.getByText('Market closed')).toBeInTheDocument();
    const time = screen.getByText('At close: Jan 2, 4:00 PM EST');
    expect(time).toHaveAttribute('datetime', '2025-01-02T21:00:00.000Z');
    expect(time.parentElement).toHaveTextContent(/^At close: Jan 2, 4:00 PM EST · NMS$/);

    expect(statValues()).toEqual(['$227.05 – $231.20', '$164.08 – $260.10', '$3.12T', '37.81', '0.44%', '52.3M']);
    expect(within(statValue('P/E (TTM)')).getByText('EPS $6.08')).toBeInTheDocument();
    expect(within(statValue('Dividend yield')).getByText('$1.00 a year')).toBeInTheDocument();
    expect(within(statValue('Volume')).getByText('Avg. 47.1M')).toBeInTheDocument();
    expect(within(statValue('Market cap')).getByText('$3.12T')).toHaveAttribute('title', '$3,123,456,789,012.00');
    // Where the price lies in each range, marked and said.
    expect(screen.getByRole('img', { name: /day's range/ })).toHaveAccessibleName(
      "$229.87 is 68% of the way up the day's range",
    );
    expect(screen.getByRole('img', { name: /52-week range/ })).toHaveAccessibleName(
      '$229.87 is 69% of the way up the 52-week range',
    );
  });

  it('shows a loss with a minus sign and a down arrow in red', () => {
    renderHeader(stock({ regularMarketChange: -1.25, regularMarketChangePercent: -0.5412, marketState: 'REGULAR' }));
    const change = screen.getByText('-$1.25 (-0.54%)');
    expect(change.querySelector('svg')).toHaveClass('tabler-icon-arrow-down-right');
    expect(change).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(screen.getByText('Market open')).toBeInTheDocument();
    expect(screen.getByText('As of Jan 2, 4:00 PM EST')).toBeInTheDocument();
  });

  it('shows a dash for every missing figure, never NaN, and no marker it cannot place', () => {
    renderHeader(
      stock({
        regularMarketDayLow: null,
        regularMarketDayHigh: 231.2,
        fiftyTwoWeekLow: Number.NaN,
        fiftyTwoWeekHigh: null,
        marketCap: null,
        trailingPE: null,
        trailingEps: null,
        dividendRate: null,
        dividendYield: null,
        regularMarketVolume: null,
        averageVolume: null,
        regularMarketChange: null,
        regularMarketChangePercent: null,
        marketState: null,
        regularMarketTime: null,
      }),
    );
    expect(statValues()).toEqual(['—', '—', '—', '—', '—', '—']);
    expect(screen.getByRole('banner').textContent).not.toMatch(/NaN|undefined|null/);
    expect(screen.queryByRole('img', { name: /of the way up/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/EPS|a year|Avg\./)).not.toBeInTheDocument();
    expect(screen.queryByText(/^(Market open|Market closed|Pre-market|After hours)$/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^(As of|At close)/)).not.toBeInTheDocument();
  });

  it('keeps a loss-making company’s EPS but shows no P/E, and a flat day without a marker', () => {
    renderHeader(
      stock({ trailingEps: -4.38, trailingPE: null, regularMarketDayLow: 229.87, regularMarketDayHigh: 229.87 }),
    );
    expect(statValue('P/E (TTM)').firstElementChild).toHaveTextContent('—');
    expect(within(statValue('P/E (TTM)')).getByText('EPS -$4.38')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /day's range/ })).not.toBeInTheDocument();
  });

  it('writes a pence listing’s currency once, and its market cap in pounds', () => {
    renderHeader(
      stock({
        symbol: 'SHEL.L',
        shortName: 'SHELL PLC',
        currency: 'GBp',
        exchange: 'LSE',
        exchangeTimezoneName: 'Europe/London',
        currentPrice: 2568.44,
        currentPriceUsd: 32.51,
        regularMarketDayLow: 2504.26,
        regularMarketDayHigh: 2602.72,
        regularMarketChange: -12.5,
        marketCap: 15_667_484_000_000,
        trailingEps: 176.53,
        dividendRate: 94.26,
      }),
    );
    expect(screen.getByText('2,568.44 GBp')).toBeInTheDocument();
    expect(screen.queryByText('GBp')).not.toBeInTheDocument();
    expect(screen.getByText('≈ $32.51')).toBeInTheDocument();
    expect(statValue('Day range').firstElementChild).toHaveTextContent('2,504.26 – 2,602.72 GBp');
    expect(statValue('Market cap').firstElementChild).toHaveTextContent('£157B');
    expect(within(statValue('Dividend yield')).getByText('94.26 GBp a year')).toBeInTheDocument();
  });
});

describe('StockHeader price line', () => {
  it('draws the period’s closes and reads a day with the arrow keys', async () => {
    const { user } = renderHeader(stock());
    const line = screen.getByRole('slider', { name: 'AAPL closing prices, past month' });
    expect(line).toHaveAttribute('aria-valuemax', '1');
    expect(line).toHaveAttribute('aria-valuetext', 'Jan 3, 2025 · close $231.00');
    expect(line).toHaveAccessibleDescription(
      'From $230.00 on Jan 2, 2025 to $231.00 on Jan 3, 2025 (+0.43%); low $230.00, high $231.00.',
    );
    expect(screen.getByText('+0.43%')).toBeInTheDocument();
    expect(screen.getByTestId('price-line-readout')).toHaveTextContent('Jan 2 – 3, 2025');
    line.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('price-line-readout')).toHaveTextContent('Jan 2, 2025 · close $230.00');
    expect(line).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('radio', { name: '1Y' }));
    expect(screen.getByRole('slider', { name: 'AAPL closing prices, past year' })).toBeInTheDocument();
  });

  it('shows a placeholder while the history loads and a retry when it failed', async () => {
    const { unmount } = renderHeader(stock(), { ...loaded, data: undefined, loading: true });
    expect(screen.getByLabelText('Loading the price line')).toBeInTheDocument();
    // The quote itself is already there.
    expect(screen.getByText('$229.87')).toBeInTheDocument();
    unmount();

    const retry = vi.fn();
    const { user } = renderHeader(stock(), {
      ...loaded,
      data: undefined,
      error: 'The server could not be reached.',
      retry,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The price line could not be loaded: The server could not be reached.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says so when there are too few prices for a line', () => {
    const one = { '2025-01-02T14:30:00.000Z': { Open: 1, High: 1, Low: 1, Close: 1, Volume: 1 } };
    renderHeader(stock(), { ...loaded, data: one });
    expect(screen.getByText('Not enough prices for a line yet.')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});
