import type { WalletDetails } from '@site/contract';
import { type Stat, StatList } from '../../../components/StatList';
import { formatUsd } from '../../../lib/format';
import { type Gain as GainValue, totalReturn } from '../wallet-math';
import { Gain } from './GainCells';

interface WalletStatsProps {
  wallet: WalletDetails;
  /** The realized gain's percentage, from the ledger (null when nothing was sold or it is unknown). */
  realizedPercent?: number | null;
  /** Leave out the gains (the compact Finance home panel). */
  compact?: boolean;
}

const gain = ({ cents, percent }: GainValue) => <Gain cents={cents} percent={percent} />;

/**
 * docs/product.md#screens 'Wallet Details': cash in hand, total stock value and total wallet value (USD), plus
 * the cash open orders hold back and the buying power left, and the unrealized, realized and total
 * gain or loss.
 */
export function WalletStats({ wallet, realizedPercent = null, compact = false }: WalletStatsProps) {
  const stats: Stat[] = [{ label: 'Cash in Hand', value: formatUsd(wallet.balance) }];
  if (!compact) {
    // docs/api.md#orders: open buy orders hold cash back; what is left is the buying power.
    stats.push(
      { label: 'Reserved by Open Orders', value: formatUsd(wallet.reserved_cash) },
      { label: 'Buying Power', value: formatUsd(wallet.buying_power) },
    );
  }
  stats.push(
    { label: 'Total Stock Value', value: formatUsd(wallet.stocks_value) },
    { label: 'Total Wallet Value', value: formatUsd(wallet.current_value) },
  );
  if (!compact) {
    stats.push(
      {
        label: 'Unrealized Gain/Loss',
        value: gain({ cents: wallet.unrealized_gain_cents, percent: wallet.unrealized_gain_percent }),
      },
      { label: 'Realized Gain/Loss', value: gain({ cents: wallet.realized_gain_cents, percent: realizedPercent }) },
      { label: 'Total Return', value: gain(totalReturn(wallet.current_value_cents)) },
    );
  }
  return <StatList stats={stats} cols={{ base: 1, xs: 3 }} />;
}
