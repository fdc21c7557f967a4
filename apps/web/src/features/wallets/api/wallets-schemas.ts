// The response schemas of wallets-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  getWalletDetailsResponseSchema,
  getWalletLedgerResponseSchema,
  getWalletsResponseSchema,
  tradeResponseSchema,
  walletMessageResponseSchema,
  walletResponseSchema,
} from '@site/contract';
