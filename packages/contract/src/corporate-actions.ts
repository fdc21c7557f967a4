import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { walletIdQuerySchema } from './wallets.js';

/*
 * Corporate actions in paper-trading wallets (docs/api.md#corporate-actions): the dividends paid
 * and splits applied to a wallet, the ledger's entries beside its trades (get_wallet_ledger keeps
 * its trades-only answer). Money as in wallets.ts: dollars with a `_cents` twin.
 */

export const CORPORATE_ACTION_KINDS = ['dividend', 'split'] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];

/** One dividend paid to, or split applied to, a wallet. */
export const walletEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CORPORATE_ACTION_KINDS),
  symbol: z.string(),
  /** A dividend's ex-date, a split's first day on the new share count (YYYY-MM-DD, the exchange's calendar). */
  date: z.string(),
  /** A dividend's pay date; null for a split. */
  pay_date: z.string().nullable(),
  /** The listing's currency as the source names it ('USD', 'JPY', 'GBp'). */
  currency: z.string(),
  /** Dividend: cash per share in `currency`; null for a split. */
  amount_per_share: z.number().nullable(),
  /** Dividend: US dollars per unit of `currency` used; null for a split. */
  fx_rate: z.number().nullable(),
  /** Dividend: cash per share in dollars (up to 4 decimals); null for a split. */
  amount_per_share_usd: z.number().nullable(),
  /** Split: `numerator` new shares for every `denominator` old ones; null for a dividend. */
  numerator: z.number().int().nullable(),
  denominator: z.number().int().nullable(),
  /** Shares the wallet held before the date: what the dividend was paid on, or what was split. */
  quantity: z.number().int(),
  /** Split: shares added to the holding (negative for a reverse split); 0 for a dividend. */
  shares_delta: z.number().int(),
  /** Cash credited: the dividend, or a split's fraction of a share paid out, dollars. */
  cash_amount: z.number(),
  cash_amount_cents: z.number().int(),
  /** When it was applied to the wallet, ISO-8601 UTC (after the pay date or split date; later after downtime). */
  applied_at: z.string(),
});
export type WalletEvent = z.infer<typeof walletEventSchema>;

/** Entries returned by get_wallet_events at most (newest first). */
export const WALLET_EVENTS_MAX = 500;

/** GET /api/finance/get_wallet_events?wallet_id= — dividends and splits, newest first, at most WALLET_EVENTS_MAX. */
export const getWalletEventsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  events: z.array(walletEventSchema),
});
export type GetWalletEventsResponse = z.infer<typeof getWalletEventsResponseSchema>;

export const corporateActionsEndpoints = {
  walletEvents: endpoint(routes.corporateActions.walletEvents, {
    tags: ['wallets'],
    summary: 'The dividends paid and splits applied to the wallet, newest first',
    query: walletIdQuerySchema,
    response: getWalletEventsResponseSchema,
    errors: [400, 401, 403, 404] as const,
  }),
};
