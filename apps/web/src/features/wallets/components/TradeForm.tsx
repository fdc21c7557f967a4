import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  checkSymbol,
  MAX_TRADE_QUANTITY,
  normalizeSymbol,
  SYMBOL_MAX_LENGTH,
  type WalletSummary,
} from '@site/contract';
import { IconAlertCircle, IconShoppingCartMinus, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { baseCurrencyCode, formatPrice, formatUsd } from '../../../lib/format';
import { stockQueryOptions, useStock } from '../../../lib/market/stock-query';
import { useTrade } from '../api/use-wallets';
import { centsToDollars, exceedsBalance, parseQuantity, tradeTotalCents } from '../wallet-math';

/** How long the symbol must rest before its price is looked up. */
export const PRICE_LOOKUP_DEBOUNCE_MS = 400;

/** docs/product.md's error box for a buy the wallet cannot pay for. */
export const OVER_BALANCE_MESSAGE = 'Total price exceeds available balance.';

type Side = 'buy' | 'sell';

export type TradeWallet = Pick<WalletSummary, 'wallet_id' | 'wallet_name' | 'balance_cents'>;

interface TradeFormProps {
  wallet: TradeWallet;
  /** Which buttons to offer: the Finance home panel has both, the wallet page's Buy Stocks form only Buy. */
  sides?: readonly Side[];
  /** Columns of the four fields (narrow places want two). */
  cols?: SimpleGridProps['cols'];
}

interface Refusal {
  title: string;
  message: string;
}

/** Said when a listing in another currency has no dollar rate, in the server's words. */
const noRateMessage = (currency: string) =>
  `No ${baseCurrencyCode(currency)} to US dollar rate is available right now; try again later`;

function lookupMessage(error: unknown, symbol: string): string {
  if (isApiError(error, 404)) return `No stock found for symbol ${symbol}.`;
  if (error instanceof Error) return `Could not get a price for ${symbol}: ${error.message}`;
  return `Could not get a price for ${symbol}.`;
}

const isValidSymbol = (symbol: string) => symbol !== '' && checkSymbol(symbol).ok;

/**
 * docs/product.md#buying-and-selling: the buy/sell form: symbol (upper-cased), whole-number quantity, and read-only Price and
 * Total. The price is looked up when the symbol is entered and again at submit time; a buy whose
 * total exceeds the wallet's cash shows the seed's 'Error' box and cannot be sent. The server
 * prices the trade itself; the price sent along is informational.
 */
export function TradeForm({ wallet, sides = ['buy', 'sell'], cols = { base: 1, xs: 2, md: 4 } }: TradeFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const trade = useTrade();
  const [symbol, setSymbol] = useState('');
  const [quantity, setQuantity] = useState<string | number>('');
  const [lookupSymbol, setLookupSymbol] = useState('');
  const [errors, setErrors] = useState<{ symbol?: string; quantity?: string }>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [submitting, setSubmitting] = useState<Side | null>(null);

  // Debounced look-up of the typed symbol (only well-formed symbols are asked about).
  const symbolValid = isValidSymbol(symbol);
  useEffect(() => {
    const timer = setTimeout(() => setLookupSymbol(symbolValid ? symbol : ''), PRICE_LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [symbol, symbolValid]);

  const lookup = useStock(lookupSymbol || null);
  const current = lookupSymbol !== '' && lookupSymbol === symbol;
  const quote = current ? lookup.data?.symbol : undefined;
  // Wallets are in dollars: a listing in another currency is priced at the current rate (docs/api.md#money).
  const price = quote?.currentPriceUsd ?? undefined;
  const foreign = quote !== undefined && quote.currency !== 'USD';
  const lookingUp = symbolValid && (!current || lookup.isFetching);
  const lookupError =
    current && lookup.isError
      ? lookupMessage(lookup.error, symbol)
      : quote && price === undefined
        ? noRateMessage(quote.currency)
        : null;

  const shares = parseQuantity(quantity);
  // With a Buy button the Total is what a buy costs (rounded up, as the server charges it).
  const totalCents = tradeTotalCents(sides.includes('buy') ? 'buy' : 'sell', price, shares);
  const overBalance = exceedsBalance(totalCents, wallet.balance_cents);

  const clear = () => {
    setSymbol('');
    setQuantity('');
    setLookupSymbol('');
    setErrors({});
  };

  const edit = () => {
    setRefusal(null);
    setErrors({});
  };

  const validate = (): { symbol: string; quantity: number } | null => {
    const checkedSymbol = checkSymbol(symbol);
    const next = {
      symbol: checkedSymbol.ok ? undefined : symbol.trim() ? checkedSymbol.error : 'Enter a stock symbol.',
      quantity:
        shares === null
          ? `Enter a whole number of shares from 1 to ${MAX_TRADE_QUANTITY.toLocaleString('en-US')}.`
          : undefined,
    };
    setErrors(next);
    return checkedSymbol.ok && shares !== null ? { symbol: checkedSymbol.symbol, quantity: shares } : null;
  };

  const submit = async (side: Side) => {
    setRefusal(null);
    const input = validate();
    if (!input) return;
    setSubmitting(side);
    try {
      // docs/product.md: the price comes from the stock look-up, fetched at submit time.
      setLookupSymbol(input.symbol);
      let fresh: number;
      try {
        const answer = await queryClient.fetchQuery({ ...stockQueryOptions(input.symbol), staleTime: 0 });
        // No dollar rate: the Price field says so (the answer is the look-up's now), nothing is sent.
        if (answer.symbol.currentPriceUsd === null) return;
        fresh = answer.symbol.currentPriceUsd;
      } catch (error) {
        setErrors({ symbol: lookupMessage(error, input.symbol) });
        return;
      }
      // The fresh price may have moved the total past the balance: the error box says so.
      if (side === 'buy' && exceedsBalance(tradeTotalCents('buy', fresh, input.quantity), wallet.balance_cents)) return;
      try {
        await trade.mutateAsync(
          side === 'buy'
            ? { side, request: { wallet_id: wallet.wallet_id, ...input, bought_price: fresh } }
            : { side, request: { wallet_id: wallet.wallet_id, ...input, sold_price: fresh } },
        );
        clear();
      } catch (error) {
        console.error(`Could not ${side} ${input.symbol}`, error);
        if (isApiError(error) && error.fields)
          setErrors({ symbol: error.fields.symbol, quantity: error.fields.quantity });
        setRefusal({
          title: `Could not ${side} ${input.symbol}`,
          message: error instanceof Error ? error.message : 'The trade failed. Please try again.',
        });
      }
    } finally {
      setSubmitting(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter submits the form's first action (Buy where offered), unless that is not allowed now.
    const side = sides[0] ?? 'buy';
    if (side === 'buy' && overBalance) return;
    void submit(side);
  };

  const busy = submitting !== null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Trade with ${wallet.wallet_name}`}>
      <Stack gap="md">
        <SimpleGrid cols={cols} spacing="md">
          <TextInput
            id={`${id}-symbol`}
            label="Symbol"
            placeholder="e.g. AAPL"
            value={symbol}
            maxLength={SYMBOL_MAX_LENGTH + 4}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setSymbol(normalizeSymbol(event.currentTarget.value));
              edit();
            }}
            error={errors.symbol}
            required
          />
          <NumberInput
            id={`${id}-quantity`}
            label="Quantity"
            placeholder="Shares"
            value={quantity}
            onChange={(value) => {
              setQuantity(value);
              edit();
            }}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={MAX_TRADE_QUANTITY}
            clampBehavior="none"
            thousandSeparator=","
            error={errors.quantity}
            required
          />
          <TextInput
            id={`${id}-price`}
            label="Price"
            readOnly
            variant="filled"
            value={price === undefined ? '' : formatUsd(price)}
            description={
              foreign && quote ? `${formatPrice(quote.currentPrice, quote.currency)} at today's rate` : undefined
            }
            // Below the field, so Price and Total stay level.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={lookingUp ? 'Looking up…' : '—'}
            rightSection={lookingUp ? <Loader size="xs" aria-label="Looking up the price" /> : null}
            error={lookupError}
          />
          <TextInput
            id={`${id}-total`}
            label="Total"
            readOnly
            variant="filled"
            value={totalCents === null ? '' : formatUsd(centsToDollars(totalCents))}
            placeholder="—"
          />
        </SimpleGrid>

        {overBalance && (
          <Alert color="red" title="Error" icon={<IconAlertCircle />}>
            {OVER_BALANCE_MESSAGE}
          </Alert>
        )}
        {refusal && (
          <Alert
            color="red"
            variant="light"
            title={refusal.title}
            icon={<IconAlertCircle />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setRefusal(null)}
          >
            {refusal.message}
          </Alert>
        )}

        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Cash available: {formatUsd(centsToDollars(wallet.balance_cents))}
          </Text>
          <Group gap="sm">
            {sides.includes('buy') && (
              <Button
                type={sides[0] === 'buy' ? 'submit' : 'button'}
                color="teal"
                leftSection={<IconShoppingCartPlus size={16} />}
                loading={submitting === 'buy'}
                disabled={overBalance || (busy && submitting !== 'buy')}
                onClick={sides[0] === 'buy' ? undefined : () => void submit('buy')}
              >
                Buy
              </Button>
            )}
            {sides.includes('sell') && (
              <Button
                type={sides[0] === 'sell' ? 'submit' : 'button'}
                color="red"
                variant="light"
                leftSection={<IconShoppingCartMinus size={16} />}
                loading={submitting === 'sell'}
                disabled={busy && submitting !== 'sell'}
                onClick={sides[0] === 'sell' ? undefined : () => void submit('sell')}
              >
                Sell
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
