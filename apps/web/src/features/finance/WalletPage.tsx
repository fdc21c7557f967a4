/*
 * Seed §2 Wallet page (/apps/finance/wallet). The route loads this module lazily by the name
 * `WalletPage`; the page itself lives with the rest of the wallet UI in features/wallets.
 */
export { WalletPage } from '../wallets/WalletPage';
