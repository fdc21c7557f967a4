import { Alert, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { WalletDetails } from '@site/contract';
import { IconAlertCircle, IconShoppingCartMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { stockQueryOptions } from '../../../lib/market/stock-query';
import { useTrade } from '../api/use-wallets';
import { formatShares } from '../wallet-format';
import { centsToDollars, parseQuantity, tradeTotalCents } from '../wallet-math';

/**
 * docs/product.md#screens 'Sell Stocks': a held stock chosen from a list of the wallet's holdings, a quantity up
 * to the shares held, and Sell. The proceeds shown are an estimate at the holding's current
 * price; the server sells at its own price.
 */
export function SellStockForm({ wallet }: { wallet: WalletDetails }) {
  const queryClient = useQueryClient();
  const trade = useTrade();
  const [picked, setPicked] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | number>('');
  const [errors, setErrors] = useState<{ symbol?: string; quantity?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const holding = wallet.stocks.find((stock) => stock.symbol === picked);
  const shares = parseQuantity(quantity);
  const proceedsCents = holding ? tradeTotalCents('sell', holding.current_price, shares) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const next = {
      symbol: holding ? undefined : 'Choose a stock you hold.',
      quantity:
        holding && (shares === null || shares > holding.quantity)
          ? `Enter a whole number of shares from 1 to ${holding.quantity.toLocaleString('en-US')}.`
          : undefined,
    };
    setErrors(next);
    if (!holding || shares === null || next.quantity) return;
    const symbol = holding.symbol;
    setSubmitting(true);
    // Like a buy, the dollar price is looked up at submit time; it is informational, so a failed
    // look-up (or a missing exchange rate) does not stop the sale.
    const soldPrice = await queryClient
      .fetchQuery({ ...stockQueryOptions(symbol), staleTime: 0 })
      .then((answer) => answer.symbol.currentPriceUsd)
      .catch(() => null);
    try {
      await trade.mutateAsync({
        side: 'sell',
        request: { wallet_id: wallet.wallet_id, symbol, quantity: shares, sold_price: soldPrice },
      });
      setPicked(null);
      setQuantity('');
    } catch (error) {
      console.error(`Could not sell ${symbol}`, error);
      if (isApiError(error) && error.fields?.quantity) setErrors({ quantity: error.fields.quantity });
      setRefusal(error instanceof Error ? error.message : 'The sale failed. Please try again.');
    } finally {
      setSubmitting(false);
    }
  };

  if (wallet.stocks.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing to sell yet: this wallet holds no stocks.
      </Text>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sell stocks">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {/* A native select: the phone's own picker, and no floating dropdown to set up as the page starts (docs/decisions.md#native-selects). */}
          <NativeSelect
            label="Stock"
            data={[
              { value: '', label: 'Choose a held stock', disabled: true },
              ...wallet.stocks.map((stock) => ({
                value: stock.symbol,
                label: `${stock.symbol} (${formatShares(stock.quantity)})`,
              })),
            ]}
            value={picked ?? ''}
            onChange={(event) => {
              setPicked(event.currentTarget.value || null);
              setErrors({});
              setRefusal(null);
            }}
            error={errors.symbol}
            required
          />
          <NumberInput
            label="Quantity"
            placeholder="Shares"
            description={holding ? `You hold ${formatShares(holding.quantity)}` : undefined}
            value={quantity}
            onChange={(value) => {
              setQuantity(value);
              setErrors({});
              setRefusal(null);
            }}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={holding?.quantity}
            clampBehavior="none"
            thousandSeparator=","
            error={errors.quantity}
            required
          />
          <TextInput
            label="Estimated proceeds"
            readOnly
            variant="filled"
            value={proceedsCents === null ? '' : formatUsd(centsToDollars(proceedsCents))}
            placeholder="—"
            description={holding ? `at ${formatUsd(holding.current_price)} a share` : undefined}
          />
        </SimpleGrid>
        {refusal && (
          <Alert
            color="red"
            variant="light"
            title={`Could not sell ${holding?.symbol ?? 'the stock'}`}
            icon={<IconAlertCircle />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(null)}
          >
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          {holding && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setQuantity(holding.quantity);
                setErrors({});
              }}
            >
              Sell all {formatShares(holding.quantity)}
            </Button>
          )}
          <Button type="submit" color="red" leftSection={<IconShoppingCartMinus size={16} />} loading={submitting}>
            Sell
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
