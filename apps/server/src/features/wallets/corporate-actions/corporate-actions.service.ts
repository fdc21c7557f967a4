import { type GetWalletEventsResponse, WALLET_EVENTS_MAX, type WalletEvent } from '@site/contract';
import { notFound } from '../../../core/http-errors.js';
import { centsToDollars, e4ToDollars, plural } from '../money.js';
import type { CorporateActionRow, CorporateActionsRepository } from './corporate-actions.repository.js';

function toEvent(row: CorporateActionRow): WalletEvent {
  return {
    id: row.id,
    kind: row.kind,
    symbol: row.symbol,
    date: row.date,
    pay_date: row.pay_date,
    currency: row.currency,
    amount_per_share: row.amount_per_share,
    fx_rate: row.fx_rate,
    amount_per_share_usd: row.amount_e4 === null ? null : e4ToDollars(row.amount_e4),
    numerator: row.numerator,
    denominator: row.denominator,
    quantity: row.quantity,
    shares_delta: row.shares_delta,
    cash_amount: centsToDollars(row.cash_cents),
    cash_amount_cents: row.cash_cents,
    applied_at: row.applied_at,
  };
}

/** The wallet ledger's dividend and split entries (docs/api.md#corporate-actions). */
export function corporateActionsService(repository: CorporateActionsRepository) {
  return {
    async walletEvents(userId: number, walletId: number): Promise<GetWalletEventsResponse> {
      // The same answer for someone else's wallet as for none (docs/api.md#identity).
      if (!(await repository.owns(userId, walletId))) throw notFound('Wallet not found');
      const events = (await repository.events(walletId, WALLET_EVENTS_MAX)).map(toEvent);
      const dividends = events.filter((e) => e.kind === 'dividend').length;
      const splits = events.length - dividends;
      return {
        success: true,
        message:
          events.length === 0
            ? 'No dividends or splits yet'
            : `${plural(dividends, 'dividend')} and ${plural(splits, 'split')}`,
        events,
      };
    },
  };
}
export type CorporateActionsService = ReturnType<typeof corporateActionsService>;
