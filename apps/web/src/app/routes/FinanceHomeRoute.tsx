import { FinanceHomePage } from '../../features/finance/FinanceHomePage';
import { ActiveWalletPanel } from '../../features/wallets/components/ActiveWalletPanel';
import { ActiveWalletSelector } from '../../features/wallets/components/ActiveWalletSelector';
import { MyWallets } from '../../features/wallets/components/MyWallets';

/**
 * docs/product.md#finance-home-appsfinance home (/apps/finance), composed from two features: the finance page (symbol
 * look-up and watchlist) with the wallets' parts in its places for a signed-in user — the wallet
 * selector above the watchlist, then My Wallets and the active wallet panel below it.
 */
export function FinanceHomeRoute() {
  return (
    <FinanceHomePage
      aboveWatchlist={<ActiveWalletSelector />}
      belowWatchlist={
        <>
          <MyWallets />
          <ActiveWalletPanel />
        </>
      }
    />
  );
}
