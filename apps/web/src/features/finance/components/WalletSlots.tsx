/*
 * Places on the Finance home page for the wallet features (seed §2 Finance home: "A wallet
 * selector sits above it", "My Wallets", "Active wallet panel"). The UI itself lives in
 * features/wallets. They are only mounted for a signed-in user.
 */
import { ActiveWalletPanel } from '../../wallets/components/ActiveWalletPanel';
import { ActiveWalletSelector } from '../../wallets/components/ActiveWalletSelector';
import { MyWallets } from '../../wallets/components/MyWallets';

/** Above the watchlist table: picks the active wallet. */
export function WalletSelectorSlot() {
  return <ActiveWalletSelector />;
}

/** Below the watchlist: the create-wallet form and the table of wallets. */
export function MyWalletsSlot() {
  return <MyWallets />;
}

/** Below My Wallets: the active wallet's buy/sell form and its details modal. */
export function ActiveWalletSlot() {
  return <ActiveWalletPanel />;
}
