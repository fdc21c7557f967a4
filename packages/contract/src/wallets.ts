import { z } from 'zod';
import { claimedUserField, idSchema, userText } from './common.js';
import { endpoint } from './endpoint.js';
import { symbolSchema } from './finance.js';
import { routes } from './routes.js';
import { MAX_TRADE_QUANTITY, TRADE_SIDES, WALLET_NAME_RULE } from './wallet-constants.js';

export * from './wallet-constants.js';

/*
 * Finance II: paper-trading wallets (docs/product.md#finance: My Wallets, the wallet page, buying and selling; the original
 * API's Wallet summary / Wallet / Wallet stock / Wallet history entry shapes, and its wallet
 * calls; docs/api.md#money and Trades).
 *
 * Money on the wire: the server stores and computes money as integers (cash in cents, prices in
 * units of 1/10,000 dollar) and sends plain JSON numbers derived exactly from them:
 * - cash and values (`balance`, `stocks_value`, `current_value`, gains, `cash_amount`) are dollars
 *   with at most 2 decimals (e.g. 100000 or 1234.56), each with a `_cents` twin (integer);
 * - prices (`bought_price`, `current_price`, `price`) are dollars with at most 4 decimals.
 * Display them with `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` (docs/product.md#constants);
 * do arithmetic on the `_cents` fields if you need any.
 *
 * Every call needs a signed-in user. A wallet that is not yours answers 404, like one that does
 * not exist. Every error is the standard error body (`apiErrorSchema`).
 */

// ---------------------------------------------------------------------------------------------
// Request fields
// ---------------------------------------------------------------------------------------------

/** The shared text rule (docs/api.md#text): no control or text-direction override characters. */
export const walletNameSchema = userText(WALLET_NAME_RULE);

/**
 * Shares in one trade: a whole number from 1 to MAX_TRADE_QUANTITY. A JSON number, or a string of
 * digits (form inputs give text).
 */
export const tradeQuantitySchema = z
  .union(
    [
      z.number({ error: 'Quantity must be a number' }),
      z
        .string()
        .trim()
        .regex(/^[+-]?\d+(\.\d+)?$/, 'Quantity must be a number')
        .transform(Number),
    ],
    { error: 'Quantity must be a number' },
  )
  .pipe(
    z
      .number({ error: 'Quantity must be a number' })
      .positive('Quantity must be at least 1')
      .max(MAX_TRADE_QUANTITY, `Quantity must be at most ${MAX_TRADE_QUANTITY.toLocaleString('en-US')}`)
      .int('Quantity must be a whole number of shares'),
  );

/**
 * The seed client's `bought_price` / `sold_price`: informational only — the server prices every
 * trade itself from its market data at execution. Accepted (number, numeric text or null) and ignored.
 */
export const clientPriceSchema = z
  .union([z.number(), z.string().max(32)], { error: 'Price must be a number' })
  .nullable()
  .optional();

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

/** docs/api.md#compatibility-promise (Wallet) summary: one row of the "My Wallets" table and of the wallet selector. */
export const walletSummarySchema = z.object({
  wallet_id: z.number().int(),
  wallet_name: z.string(),
  /** Cash in hand, dollars (2 decimals). */
  balance: z.number(),
  balance_cents: z.number().int(),
  /** Holdings valued at current prices (at cost when prices are unavailable), dollars. */
  stocks_value: z.number(),
  stocks_value_cents: z.number().int(),
  /** balance + stocks_value, dollars. */
  current_value: z.number(),
  current_value_cents: z.number().int(),
  /** At most one of a user's wallets is active; buy/sell forms work against it. */
  is_active: z.boolean(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
  /** False when market prices could not be had and holdings are valued at cost instead. */
  prices_available: z.boolean(),
  /* Additions for orders (docs/api.md#orders). */
  /** Cash held back by open buy orders, dollars. */
  reserved_cash: z.number(),
  reserved_cash_cents: z.number().int(),
  /** balance − reserved_cash: what a buy or a new buy order may spend, dollars. */
  buying_power: z.number(),
  buying_power_cents: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** docs/api.md#compatibility-promise (Wallet) stock: one holding (one row per symbol) with its average cost. */
export const walletStockSchema = z.object({
  symbol: z.string(),
  quantity: z.number().int(),
  /** Average cost per share (cost basis / quantity), dollars with up to 4 decimals. */
  bought_price: z.number(),
  /** Current market price, dollars (up to 4 decimals); equals bought_price when prices are unavailable. */
  current_price: z.number(),
  /** quantity × current_price rounded down to cents (what a sale would bring), dollars. */
  current_value: z.number(),
  current_value_cents: z.number().int(),
  /** What the shares held cost in total, dollars. */
  cost_basis: z.number(),
  cost_basis_cents: z.number().int(),
  /** current_value − cost_basis, dollars. */
  unrealized_gain: z.number(),
  unrealized_gain_cents: z.number().int(),
  /** unrealized_gain / cost_basis × 100, rounded to 2 decimals (0 when the basis is 0). */
  unrealized_gain_percent: z.number(),
  /** False when this symbol could not be priced (valued at cost). */
  price_available: z.boolean(),
  /** Shares held back by open sell orders (addition, docs/api.md#orders). */
  reserved_quantity: z.number().int(),
  /** quantity − reserved_quantity: what a sale or a new sell order may sell. */
  available_quantity: z.number().int(),
});
export type WalletStock = z.infer<typeof walletStockSchema>;

/** docs/api.md#compatibility-promise (Wallet) history entry: a snapshot taken when the wallet was created and after every trade. */
export const walletHistoryEntrySchema = z.object({
  /** ISO-8601 UTC with milliseconds; several entries may share a second. */
  created_at: z.string(),
  /** Cash after the trade, dollars. */
  balance: z.number(),
  balance_cents: z.number().int(),
  /** Holdings valued at the prices of the moment, dollars. */
  stocks_value: z.number(),
  stocks_value_cents: z.number().int(),
  /** balance + stocks_value, dollars (the Wallet History table's "Total Value"). */
  total_value: z.number(),
  total_value_cents: z.number().int(),
  /**
   * True only for the last entry when it is the live "now" point (current prices, not stored).
   * It is left out when prices are unavailable.
   */
  is_current: z.boolean(),
});
export type WalletHistoryEntry = z.infer<typeof walletHistoryEntrySchema>;

/** docs/api.md#compatibility-promise (Wallet): the wallet page's details (cash in hand, total stock value, total value, stocks held). */
export const walletDetailsSchema = walletSummarySchema.extend({
  /** Sum of the holdings' cost basis, dollars. */
  cost_basis: z.number(),
  cost_basis_cents: z.number().int(),
  /** stocks_value − cost_basis, dollars. */
  unrealized_gain: z.number(),
  unrealized_gain_cents: z.number().int(),
  /** unrealized_gain / cost_basis × 100, rounded to 2 decimals (0 with no holdings). */
  unrealized_gain_percent: z.number(),
  /** Sum of the gains (losses negative) realized by every sell so far, dollars. */
  realized_gain: z.number(),
  realized_gain_cents: z.number().int(),
  /** Holdings, by symbol A–Z. */
  stocks: z.array(walletStockSchema),
  /** The wallet's history, as GET get_wallet_history answers it (the original Wallet entity carries it). */
  history: z.array(walletHistoryEntrySchema),
});
export type WalletDetails = z.infer<typeof walletDetailsSchema>;

/** One ledger row: a trade as executed by the server. */
export const walletTradeSchema = z.object({
  id: z.number().int(),
  side: z.enum(TRADE_SIDES),
  symbol: z.string(),
  quantity: z.number().int(),
  /** Execution price per share, dollars with up to 4 decimals. */
  price: z.number(),
  /** The listing's currency as the source names it ('USD', 'JPY', 'GBp' for pence); cash moves in dollars. */
  currency: z.string(),
  /** The price in that currency; null for trades recorded before currencies were. */
  local_price: z.number().nullable(),
  /** US dollars per unit of `currency` that made `price` (1 for dollar listings). */
  fx_rate: z.number(),
  /** Cash that moved: paid for a buy, received for a sell (always ≥ 0), dollars. */
  cash_amount: z.number(),
  cash_amount_cents: z.number().int(),
  /** For a sell: proceeds − cost basis of the shares sold (negative for a loss); 0 for a buy. */
  realized_gain: z.number(),
  realized_gain_cents: z.number().int(),
  /** ISO-8601 UTC. */
  created_at: z.string(),
});
export type WalletTrade = z.infer<typeof walletTradeSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (docs/api.md#every-call (Finance) wallet calls, under /api/finance; all need a signed-in user)
// ---------------------------------------------------------------------------------------------

/**
 * `user_id` is optional everywhere; when present it must be the signed-in user (403 otherwise).
 * A `wallet_id` that is unknown or someone else's answers 404.
 */
const walletIdField = idSchema;

/** GET /api/finance/get_wallets?user_id= — all your wallets, oldest first, valued at current prices. */
export const getWalletsQuerySchema = z.object({ user_id: claimedUserField });
export const getWalletsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wallets: z.array(walletSummarySchema),
});
export type GetWalletsResponse = z.infer<typeof getWalletsResponseSchema>;

/** GET get_wallet_details / get_wallet_history / get_wallet_ledger ?wallet_id= */
export const walletIdQuerySchema = z.object({ wallet_id: walletIdField, user_id: claimedUserField });
export type WalletIdQuery = z.input<typeof walletIdQuerySchema>;

/** GET /api/finance/get_wallet_details?wallet_id= — `message` says when prices are unavailable. */
export const getWalletDetailsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wallet: walletDetailsSchema,
});
export type GetWalletDetailsResponse = z.infer<typeof getWalletDetailsResponseSchema>;

/** GET /api/finance/get_wallet_history?wallet_id= — oldest first; the last entry may be the live "now" point. */
export const getWalletHistoryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  history: z.array(walletHistoryEntrySchema),
});
export type GetWalletHistoryResponse = z.infer<typeof getWalletHistoryResponseSchema>;

/** GET /api/finance/get_wallet_ledger?wallet_id= — trades newest first, at most WALLET_LEDGER_MAX (addition). */
export const getWalletLedgerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  trades: z.array(walletTradeSchema),
});
export type GetWalletLedgerResponse = z.infer<typeof getWalletLedgerResponseSchema>;

/**
 * POST /api/finance/create_wallet — starts with $100,000.00. 409 when you already have a wallet
 * of that name (ignoring case), 400 beyond WALLETS_MAX. It becomes active when none of your
 * wallets is active (so your first wallet is active).
 */
export const createWalletRequestSchema = z.object({ user_id: claimedUserField, wallet_name: walletNameSchema });
export type CreateWalletRequest = z.input<typeof createWalletRequestSchema>;
export const walletResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The wallet's id and name at the top level, where the original API's clients read them. */
  wallet_id: z.number().int(),
  wallet_name: z.string(),
  /** Cash in hand, dollars, at the top level too: the original clients show a new wallet's balance from it. */
  balance: z.number(),
  wallet: walletSummarySchema,
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;

/** POST /api/finance/delete_wallet — deleting the active wallet leaves no wallet active. */
export const walletIdRequestSchema = z.object({ user_id: claimedUserField, wallet_id: walletIdField });
export type WalletIdRequest = z.input<typeof walletIdRequestSchema>;
export const walletMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wallet_id: z.number().int(),
});
export type WalletMessageResponse = z.infer<typeof walletMessageResponseSchema>;

/** POST /api/finance/rename_wallet — same name rules as create (409 on a duplicate). Answers walletResponseSchema. */
export const renameWalletRequestSchema = z.object({
  user_id: claimedUserField,
  wallet_id: walletIdField,
  new_wallet_name: walletNameSchema,
});
export type RenameWalletRequest = z.input<typeof renameWalletRequestSchema>;

/** POST /api/finance/set_active_wallet (addition) — makes this wallet the only active one. Answers walletMessageResponseSchema. */
export const setActiveWalletRequestSchema = walletIdRequestSchema;
export type SetActiveWalletRequest = z.input<typeof setActiveWalletRequestSchema>;

/**
 * POST /api/finance/add_stock_to_wallet — buys at the server's current price. 400 when the cost
 * exceeds the balance ("Insufficient balance: …"), for a bad quantity or symbol; 404 for an
 * unknown symbol or wallet; 503/502 when prices cannot be had. Nothing changes on refusal.
 */
export const buyStockRequestSchema = z.object({
  user_id: claimedUserField,
  wallet_id: walletIdField,
  symbol: symbolSchema,
  quantity: tradeQuantitySchema,
  bought_price: clientPriceSchema,
});
export type BuyStockRequest = z.input<typeof buyStockRequestSchema>;

/**
 * POST /api/finance/sell_stock_from_wallet — sells at the server's current price. 400 when you
 * hold fewer shares ("Insufficient stock quantity: …") or none of that symbol. Selling everything
 * removes the holding.
 */
export const sellStockRequestSchema = z.object({
  user_id: claimedUserField,
  wallet_id: walletIdField,
  symbol: symbolSchema,
  quantity: tradeQuantitySchema,
  sold_price: clientPriceSchema,
});
export type SellStockRequest = z.input<typeof sellStockRequestSchema>;

/** Both trade calls answer the executed trade and the wallet's details right after it. */
export const tradeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  trade: walletTradeSchema,
  wallet: walletDetailsSchema,
});
export type TradeResponse = z.infer<typeof tradeResponseSchema>;

const walletErrors = [400, 401, 403, 404, 409, 413, 415, 502, 503] as const;
const tags = ['wallets'];

/**
 * docs/api.md#every-call (Finance) wallet calls (paper trading, docs/api.md). Every call needs a signed-in user; the
 * owner always comes from the session and a wallet that is not theirs answers 404.
 */
export const walletsEndpoints = {
  list: endpoint(routes.wallets.list, {
    tags,
    summary: 'Your wallets, oldest first, valued at current prices (one batched quote call)',
    query: getWalletsQuerySchema,
    response: getWalletsResponseSchema,
    errors: walletErrors,
  }),
  details: endpoint(routes.wallets.details, {
    tags,
    summary: 'A wallet’s cash, holdings at current prices, gains; valued at cost when prices are unavailable',
    query: walletIdQuerySchema,
    response: getWalletDetailsResponseSchema,
    errors: walletErrors,
  }),
  history: endpoint(routes.wallets.history, {
    tags,
    summary: 'Value snapshots oldest first (creation and every trade), then a live "now" point',
    query: walletIdQuerySchema,
    response: getWalletHistoryResponseSchema,
    errors: walletErrors,
  }),
  ledger: endpoint(routes.wallets.ledger, {
    tags,
    summary: 'The wallet’s trades, newest first',
    query: walletIdQuerySchema,
    response: getWalletLedgerResponseSchema,
    errors: walletErrors,
  }),
  create: endpoint(routes.wallets.create, {
    tags,
    summary: 'Create a wallet with $100,000.00 (409 duplicate name, 400 too many wallets)',
    body: createWalletRequestSchema,
    response: walletResponseSchema,
    errors: walletErrors,
  }),
  remove: endpoint(routes.wallets.remove, {
    tags,
    summary: 'Delete a wallet with its holdings, trades and history',
    body: walletIdRequestSchema,
    response: walletMessageResponseSchema,
    errors: walletErrors,
  }),
  rename: endpoint(routes.wallets.rename, {
    tags,
    summary: 'Rename a wallet (409 duplicate name)',
    body: renameWalletRequestSchema,
    response: walletResponseSchema,
    errors: walletErrors,
  }),
  setActive: endpoint(routes.wallets.setActive, {
    tags,
    summary: 'Make this wallet your only active one',
    body: setActiveWalletRequestSchema,
    response: walletMessageResponseSchema,
    errors: walletErrors,
  }),
  buy: endpoint(routes.wallets.buy, {
    tags,
    summary: 'Buy shares at the server’s current price (bought_price is ignored)',
    body: buyStockRequestSchema,
    response: tradeResponseSchema,
    errors: walletErrors,
  }),
  sell: endpoint(routes.wallets.sell, {
    tags,
    summary: 'Sell shares at the server’s current price (sold_price is ignored)',
    body: sellStockRequestSchema,
    response: tradeResponseSchema,
    errors: walletErrors,
  }),
};
