import { Text } from '@mantine/core';
import { ComingSoon } from '../../components/ComingSoon';

export function WalletPage() {
  return (
    <ComingSoon title="Finance">
      <Text size="sm">Wallets: simulated cash and stock holdings.</Text>
    </ComingSoon>
  );
}
