/*
 * Places on the Finance home page reserved for the wallet features (seed §2 Finance home:
 * "A wallet selector sits above it", "My Wallets", "Active wallet panel"). They render nothing
 * yet; the wallet work replaces these bodies (or these components) with the real UI. They are
 * only mounted for a signed-in user.
 */

/** Above the watchlist table: picks the active wallet. */
export function WalletSelectorSlot() {
  return null;
}

/** Below the watchlist: the create-wallet form and the table of wallets. */
export function MyWalletsSlot() {
  return null;
}

/** Below My Wallets: the active wallet's buy/sell form and its details modal. */
export function ActiveWalletSlot() {
  return null;
}
