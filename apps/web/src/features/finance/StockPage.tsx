import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

export function StockPage() {
  const { symbol = '' } = useParams();
  return (
    <ComingSoon title="Finance">
      <Text size="sm">Stock details for {symbol.toUpperCase()}.</Text>
    </ComingSoon>
  );
}
