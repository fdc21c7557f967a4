import {
  apiErrorSchema,
  buyStockRequestSchema,
  createWalletRequestSchema,
  getWalletDetailsResponseSchema,
  getWalletHistoryResponseSchema,
  getWalletLedgerResponseSchema,
  getWalletsQuerySchema,
  getWalletsResponseSchema,
  renameWalletRequestSchema,
  sellStockRequestSchema,
  setActiveWalletRequestSchema,
  tradeResponseSchema,
  walletIdQuerySchema,
  walletIdRequestSchema,
  walletMessageResponseSchema,
  walletResponseSchema,
} from '@site/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSeedUser, requireUser } from '../auth/auth.plugin.js';
import { marketDataFor } from '../finance/market-data/index.js';
import { walletsRepository } from './wallets.repository.js';
import { walletsService } from './wallets.service.js';

const tags = ['wallets'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

/**
 * Seed §7 Finance wallet calls (paper trading, DESIGN §4). Every call needs a signed-in user; the
 * owner always comes from the session and a wallet that is not theirs answers 404.
 */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = walletsService(walletsRepository(app.deps.database), () => marketDataFor(app.deps));
  app.addHook('onRequest', requireUser);

  app.get(
    '/finance/get_wallets',
    {
      schema: {
        tags,
        summary: 'Your wallets, oldest first, valued at current prices (one batched quote call)',
        querystring: getWalletsQuerySchema,
        response: { 200: getWalletsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(assertSeedUser(request, request.query.user_id).id),
  );

  app.get(
    '/finance/get_wallet_details',
    {
      schema: {
        tags,
        summary: 'A wallet’s cash, holdings at current prices, gains; valued at cost when prices are unavailable',
        querystring: walletIdQuerySchema,
        response: { 200: getWalletDetailsResponseSchema, ...errors },
      },
    },
    async (request) => service.details(assertSeedUser(request, request.query.user_id).id, request.query.wallet_id),
  );

  app.get(
    '/finance/get_wallet_history',
    {
      schema: {
        tags,
        summary: 'Value snapshots oldest first (creation and every trade), then a live "now" point',
        querystring: walletIdQuerySchema,
        response: { 200: getWalletHistoryResponseSchema, ...errors },
      },
    },
    async (request) => service.history(assertSeedUser(request, request.query.user_id).id, request.query.wallet_id),
  );

  app.get(
    '/finance/get_wallet_ledger',
    {
      schema: {
        tags,
        summary: 'The wallet’s trades, newest first',
        querystring: walletIdQuerySchema,
        response: { 200: getWalletLedgerResponseSchema, ...errors },
      },
    },
    async (request) => service.ledger(assertSeedUser(request, request.query.user_id).id, request.query.wallet_id),
  );

  app.post(
    '/finance/create_wallet',
    {
      schema: {
        tags,
        summary: 'Create a wallet with $100,000.00 (409 duplicate name, 400 too many wallets)',
        body: createWalletRequestSchema,
        response: { 200: walletResponseSchema, ...errors },
      },
    },
    async (request) => service.create(assertSeedUser(request, request.body.user_id).id, request.body.wallet_name),
  );

  app.post(
    '/finance/delete_wallet',
    {
      schema: {
        tags,
        summary: 'Delete a wallet with its holdings, trades and history',
        body: walletIdRequestSchema,
        response: { 200: walletMessageResponseSchema, ...errors },
      },
    },
    async (request) => service.remove(assertSeedUser(request, request.body.user_id).id, request.body.wallet_id),
  );

  app.post(
    '/finance/rename_wallet',
    {
      schema: {
        tags,
        summary: 'Rename a wallet (409 duplicate name)',
        body: renameWalletRequestSchema,
        response: { 200: walletResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.rename(
        assertSeedUser(request, request.body.user_id).id,
        request.body.wallet_id,
        request.body.new_wallet_name,
      ),
  );

  app.post(
    '/finance/set_active_wallet',
    {
      schema: {
        tags,
        summary: 'Make this wallet your only active one',
        body: setActiveWalletRequestSchema,
        response: { 200: walletMessageResponseSchema, ...errors },
      },
    },
    async (request) => service.setActive(assertSeedUser(request, request.body.user_id).id, request.body.wallet_id),
  );

  app.post(
    '/finance/add_stock_to_wallet',
    {
      schema: {
        tags,
        summary: 'Buy shares at the server’s current price (bought_price is ignored)',
        body: buyStockRequestSchema,
        response: { 200: tradeResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.buy(
        assertSeedUser(request, request.body.user_id).id,
        request.body.wallet_id,
        request.body.symbol,
        request.body.quantity,
      ),
  );

  app.post(
    '/finance/sell_stock_from_wallet',
    {
      schema: {
        tags,
        summary: 'Sell shares at the server’s current price (sold_price is ignored)',
        body: sellStockRequestSchema,
        response: { 200: tradeResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.sell(
        assertSeedUser(request, request.body.user_id).id,
        request.body.wallet_id,
        request.body.symbol,
        request.body.quantity,
      ),
  );
};
