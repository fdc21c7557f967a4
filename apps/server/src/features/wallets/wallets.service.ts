import {
  type GetWalletDetailsResponse,
  type GetWalletHistoryResponse,
  type GetWalletLedgerResponse,
  type GetWalletsResponse,
  STARTING_CASH_CENTS,
  type TradeResponse,
  WALLET_LEDGER_MAX,
  WALLETS_MAX,
  type WalletDetails,
  type WalletMessageResponse,
  type WalletResponse,
  type WalletTrade,
} from '@site/contract';
import { badRequest, conflict, HttpError, notFound } from '../../core/http-errors.js';
import { isoNow } from '../../core/time.js';
import { formatListingPrice, type Listing } from '../../integrations/market-data/fx.js';
import type { MarketDataProvider } from '../../integrations/market-data/types.js';
import {
  buyCostCents,
  centsToDollars,
  e4ToDollars,
  exactAmountE4,
  formatCents,
  formatPriceE4,
  gainPercent,
  plural,
} from './money.js';
import { dollarPrices, noPrice, type Prices } from './pricing.js';
import {
  allPriced,
  type Holding,
  historyEntry,
  type PriceMap,
  stocksValueCents,
  type WalletRow,
  walletStock,
  walletSummary,
} from './valuation.js';
import {
  ConcurrentChangeError,
  type HistoryRow,
  type TradeDone,
  type TradeRow,
  type WalletsRepository,
} from './wallets.repository.js';

/** A trade's price for its message: dollars, with the listing's own price first when it differs. */
function tradePriceText(priceE4: number, listing: Listing): string {
  if (listing.currency === 'USD') return formatPriceE4(priceE4);
  return `${formatListingPrice(listing.localPrice, listing.currency)} (${formatPriceE4(priceE4)})`;
}

// One message for "no such wallet" and "someone else's wallet", so ids reveal nothing.
const NOT_FOUND = 'Wallet not found';
export const PRICES_UNAVAILABLE = 'Prices are unavailable right now; holdings without a price are valued at cost.';

function toTrade(row: TradeRow): WalletTrade {
  return {
    id: row.id,
    side: row.side,
    symbol: row.symbol,
    quantity: row.quantity,
    price: e4ToDollars(row.price_e4),
    currency: row.currency,
    local_price: row.local_price,
    fx_rate: row.fx_rate,
    cash_amount: centsToDollars(row.cash_cents),
    cash_amount_cents: row.cash_cents,
    realized_gain: centsToDollars(row.realized_gain_cents),
    realized_gain_cents: row.realized_gain_cents,
    created_at: row.created_at,
  };
}

/**
 * Stored snapshots oldest first, then a live "now" point at `prices` (is_current). The now point
 * is left out when a holding has no price: a value at cost would be a made-up point.
 */
function historyOf(wallet: WalletRow, holdings: readonly Holding[], rows: readonly HistoryRow[], prices: PriceMap) {
  const history = rows.map((row) => historyEntry(row.created_at, row.balance_cents, row.stocks_value_cents));
  const priced = allPriced(holdings, prices);
  if (priced) history.push(historyEntry(isoNow(), wallet.cash_cents, stocksValueCents(holdings, prices), true));
  return { history, priced };
}

function walletDetails(
  wallet: WalletRow,
  holdings: readonly Holding[],
  prices: PriceMap,
  realizedGainCents: number,
  historyRows: readonly HistoryRow[],
): WalletDetails {
  const summary = walletSummary(wallet, holdings, prices);
  const costCents = holdings.reduce((sum, h) => sum + h.cost_cents, 0);
  const gainCents = summary.stocks_value_cents - costCents;
  return {
    ...summary,
    cost_basis: centsToDollars(costCents),
    cost_basis_cents: costCents,
    unrealized_gain: centsToDollars(gainCents),
    unrealized_gain_cents: gainCents,
    unrealized_gain_percent: gainPercent(gainCents, costCents),
    realized_gain: centsToDollars(realizedGainCents),
    realized_gain_cents: realizedGainCents,
    stocks: holdings.map((holding) => walletStock(holding, prices)),
    history: historyOf(wallet, holdings, historyRows, prices).history,
  };
}

/**
 * docs/api.md#every-call wallet calls and docs/api.md trades, priced by the app's one market-data provider
 * (`app.deps.marketData`). Each call asks the provider at most once, with one batched
 * getQuotes for every symbol it needs, and never inside a database transaction.
 */
export function walletsService(repository: WalletsRepository, market: MarketDataProvider) {
  const prices = (symbols: Iterable<string>, required = false) => dollarPrices(market, symbols, required);

  async function ownedWallet(userId: number, walletId: number): Promise<WalletRow> {
    const wallet = await repository.find(userId, walletId);
    if (!wallet) throw notFound(NOT_FOUND);
    return wallet;
  }

  async function details(userId: number, walletId: number) {
    const wallet = await repository.findWithHoldings(userId, walletId);
    if (!wallet) throw notFound(NOT_FOUND);
    const symbols = wallet.holdings.map((h) => h.symbol);
    const [map, rows] = await Promise.all([prices(symbols), repository.history(walletId)]);
    return {
      details: walletDetails(wallet, wallet.holdings, map, wallet.realized_gain_cents, rows),
      priced: allPriced(wallet.holdings, map),
    };
  }

  /**
   * Prices for a trade of `symbol` and the wallet's other holdings (for the history snapshot), in
   * one getQuotes call made before the transaction. `minimumHeld` refuses a sale of shares the
   * wallet does not hold before any price is asked for (the transaction checks again).
   */
  async function tradePrices(userId: number, walletId: number, symbol: string, minimumHeld = 0): Promise<Prices> {
    const wallet = await repository.findWithHoldings(userId, walletId);
    if (!wallet) throw notFound(NOT_FOUND);
    const holding = wallet.holdings.find((h) => h.symbol === symbol);
    const held = holding?.quantity ?? 0;
    const reserved = holding?.reserved_quantity ?? 0;
    if (held - reserved < minimumHeld) throw insufficientShares(symbol, held, reserved, minimumHeld);
    return prices([symbol, ...wallet.holdings.map((h) => h.symbol)], true);
  }

  /**
   * The answer to a trade: the wallet as its transaction left it, valued at the trade's prices (no
   * second wallet read or quote), with its history (one indexed read after the commit).
   */
  async function afterTrade(map: PriceMap, result: TradeDone, message: string): Promise<TradeResponse> {
    const { wallet, holdings, trade } = result;
    const rows = await repository.history(wallet.id);
    return {
      success: true,
      message,
      trade: toTrade(trade),
      wallet: walletDetails(wallet, holdings, map, wallet.realized_gain_cents, rows),
    };
  }

  return {
    async list(userId: number): Promise<GetWalletsResponse> {
      const wallets = await repository.listWithHoldings(userId);
      const map = await prices(wallets.flatMap((w) => w.holdings.map((h) => h.symbol)));
      const summaries = wallets.map((w) => walletSummary(w, w.holdings, map));
      const priced = summaries.every((w) => w.prices_available);
      return {
        success: true,
        message: !priced
          ? PRICES_UNAVAILABLE
          : wallets.length === 0
            ? 'No wallets yet'
            : plural(wallets.length, 'wallet'),
        wallets: summaries,
      };
    },

    async details(userId: number, walletId: number): Promise<GetWalletDetailsResponse> {
      const { details: wallet, priced } = await details(userId, walletId);
      return { success: true, message: priced ? 'Wallet details' : PRICES_UNAVAILABLE, wallet };
    },

    /** The details' history (see historyOf): the same reads, the same answer. */
    async history(userId: number, walletId: number): Promise<GetWalletHistoryResponse> {
      const { details: wallet, priced } = await details(userId, walletId);
      const stored = wallet.history.filter((entry) => !entry.is_current).length;
      return {
        success: true,
        message: priced ? plural(stored, 'snapshot') : PRICES_UNAVAILABLE,
        history: wallet.history,
      };
    },

    async ledger(userId: number, walletId: number): Promise<GetWalletLedgerResponse> {
      await ownedWallet(userId, walletId);
      const trades = (await repository.trades(walletId, WALLET_LEDGER_MAX)).map(toTrade);
      return { success: true, message: trades.length === 0 ? 'No trades yet' : plural(trades.length, 'trade'), trades };
    },

    async create(userId: number, name: string): Promise<WalletResponse> {
      const result = await repository.create(userId, name, STARTING_CASH_CENTS, WALLETS_MAX, isoNow());
      if (result.kind === 'duplicate') throw conflict(`You already have a wallet named "${name}"`);
      if (result.kind === 'full') throw badRequest(`You can have at most ${WALLETS_MAX} wallets; delete one first`);
      const wallet = walletSummary(result.wallet, [], new Map());
      return {
        success: true,
        message: `Wallet "${name}" created with ${formatCents(STARTING_CASH_CENTS)}`,
        wallet_id: wallet.wallet_id,
        wallet_name: wallet.wallet_name,
        balance: wallet.balance,
        wallet,
      };
    },

    async rename(userId: number, walletId: number, name: string): Promise<WalletResponse> {
      const result = await repository.rename(userId, walletId, name);
      if (result.kind === 'missing') throw notFound(NOT_FOUND);
      if (result.kind === 'duplicate') throw conflict(`You already have a wallet named "${name}"`);
      const holdings = (await repository.findWithHoldings(userId, walletId))?.holdings ?? [];
      const wallet = walletSummary(result.wallet, holdings, await prices(holdings.map((h) => h.symbol)));
      return {
        success: true,
        message: `Wallet renamed to "${name}"`,
        wallet_id: wallet.wallet_id,
        wallet_name: wallet.wallet_name,
        balance: wallet.balance,
        wallet,
      };
    },

    /** Deleting the active wallet leaves no wallet active: the user picks the next one. */
    async remove(userId: number, walletId: number): Promise<WalletMessageResponse> {
      const wallet = await repository.delete(userId, walletId);
      if (!wallet) throw notFound(NOT_FOUND);
      return { success: true, message: `Wallet "${wallet.name}" deleted`, wallet_id: walletId };
    },

    async setActive(userId: number, walletId: number): Promise<WalletMessageResponse> {
      const wallet = await repository.setActive(userId, walletId);
      if (!wallet) throw notFound(NOT_FOUND);
      return { success: true, message: `"${wallet.name}" is now your active wallet`, wallet_id: walletId };
    },

    /** Buys at the provider's current price; `bought_price` from the client is ignored. */
    async buy(userId: number, walletId: number, symbol: string, quantity: number): Promise<TradeResponse> {
      const map = await tradePrices(userId, walletId, symbol);
      const priceE4 = map.get(symbol);
      const listing = map.listings.get(symbol);
      if (priceE4 === undefined || listing === undefined) throw noPrice(map, symbol);
      const costCents = buyCostCents(priceE4, quantity);
      const result = await repository.buy({
        userId,
        walletId,
        symbol,
        quantity,
        priceE4,
        listing,
        costCents,
        now: isoNow(),
        stocksValueCents: (holdings) => stocksValueCents(holdings, map),
      });
      if (result.kind === 'missing') throw notFound(NOT_FOUND);
      if (result.kind === 'insufficient-cash') {
        throw badRequest(
          `Insufficient balance: ${plural(quantity, 'share')} of ${symbol} at ${tradePriceText(priceE4, listing)} cost ` +
            `${formatCents(costCents)}, but the wallet has ${formatCents(result.cashCents)}` +
            (result.reservedCents > 0
              ? `, of which ${formatCents(result.reservedCents)} is reserved by open buy orders`
              : '') +
            '. Total price exceeds available balance.',
        );
      }
      const message = `Bought ${plural(quantity, 'share')} of ${symbol} at ${tradePriceText(priceE4, listing)} for ${formatCents(costCents)}`;
      return afterTrade(map, result, message);
    },

    /** Sells at the provider's current price; `sold_price` from the client is ignored. */
    async sell(userId: number, walletId: number, symbol: string, quantity: number): Promise<TradeResponse> {
      const map = await tradePrices(userId, walletId, symbol, quantity);
      const priceE4 = map.get(symbol);
      const listing = map.listings.get(symbol);
      if (priceE4 === undefined || listing === undefined) {
        // The shares are held, so the symbol exists: a missing price is the source's, not unknown.
        if (map.withoutRate.has(symbol)) throw noPrice(map, symbol);
        throw new HttpError(503, `No price is available for ${symbol} right now; try again later`);
      }
      let result: Awaited<ReturnType<WalletsRepository['sell']>>;
      try {
        result = await repository.sell({
          userId,
          walletId,
          symbol,
          quantity,
          priceE4,
          listing,
          now: isoNow(),
          stocksValueCents: (holdings) => stocksValueCents(holdings, map),
        });
      } catch (error) {
        if (error instanceof ConcurrentChangeError) throw conflict('The wallet changed during the sale; try again');
        throw error;
      }
      if (result.kind === 'missing') throw notFound(NOT_FOUND);
      if (result.kind === 'insufficient-shares') {
        throw insufficientShares(symbol, result.held, result.reserved, quantity);
      }
      if (result.kind === 'below-a-cent') {
        throw badRequest(
          `This sale is worth less than a cent (${plural(quantity, 'share')} of ${symbol} at ` +
            `${tradePriceText(priceE4, listing)} is ${formatPriceE4(exactAmountE4(priceE4, quantity))}); ` +
            `sell more shares, or all ${result.held.toLocaleString('en-US')} you hold.`,
        );
      }
      const { trade } = result;
      const gain = trade.realized_gain_cents;
      const message =
        `Sold ${plural(quantity, 'share')} of ${symbol} at ${tradePriceText(priceE4, listing)} for ${formatCents(trade.cash_cents)} ` +
        `(realized ${gain < 0 ? 'loss' : 'gain'} ${formatCents(Math.abs(gain))})`;
      return afterTrade(map, result, message);
    },
  };
}

export function insufficientShares(symbol: string, held: number, reserved: number, wanted: number): HttpError {
  const inOrders = reserved > 0 ? ` (${plural(reserved, 'share')} reserved by open sell orders)` : '';
  return badRequest(
    held === 0
      ? `Insufficient stock quantity: this wallet holds no ${symbol} shares`
      : `Insufficient stock quantity: this wallet holds ${plural(held, 'share')} of ${symbol}${inOrders}, ` +
          `so ${plural(wanted, 'share')} cannot be sold`,
  );
}
export type WalletsService = ReturnType<typeof walletsService>;
