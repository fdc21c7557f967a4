import { activeWallet, useSetActiveWallet, useWallets } from '../api/use-wallets';
import { WalletSelect } from './WalletSelect';

/**
 * docs/product.md#finance-home-appsfinance home: 'A wallet selector sits above it [the watchlist]'. It shows and changes
 * the active wallet, the one the buy/sell form trades with.
 */
export function ActiveWalletSelector() {
  const wallets = useWallets();
  const setActive = useSetActiveWallet();
  const active = activeWallet(wallets.data);

  const list = wallets.data?.wallets ?? [];
  return (
    <WalletSelect
      wallets={list}
      value={setActive.isPending ? setActive.variables.wallet_id : (active?.wallet_id ?? null)}
      onChange={(wallet) => {
        if (wallet.wallet_id !== active?.wallet_id) setActive.mutate(wallet);
      }}
      loading={wallets.isPending || setActive.isPending}
      placeholder="Pick your active wallet"
      description={
        wallets.isError
          ? undefined
          : list.length === 0 && !wallets.isPending
            ? 'Create a wallet under My Wallets to start paper trading.'
            : 'Your active wallet is the one the buy/sell form trades with.'
      }
      maw={420}
      // My Wallets below shows the failure in full, with a retry.
      error={wallets.isError ? 'Could not load your wallets' : undefined}
    />
  );
}
