import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Input,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type OrderRequest, SYMBOL_MAX_LENGTH, type WalletSummary } from '@site/contract';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { isApiError } from '../../../lib/api-client';
import { useOrderPreview, usePlaceOrder } from '../api/orders-api';
import { OrderPreviewPanel } from './OrderPreviewPanel';
import { ORDER_TYPE_LABELS } from './order-format';
import {
  EMPTY_TICKET,
  orderRules,
  type TicketErrors,
  type TicketValues,
  toOrderRequest,
  usesLimit,
  usesStop,
  validateOrder,
  visibleErrors,
} from './order-request';

/** How long the ticket must rest before its preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

const TYPE_OPTIONS = Object.entries(ORDER_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const TIF_OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'gtc', label: 'Good till cancelled' },
];

/** A label above a control that is not an input (the segmented choices), naming it for screen readers too. */
function FieldLabel({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Input.Label id={id} labelElement="div">
        {label}
      </Input.Label>
      {children}
    </Stack>
  );
}

/** A server refusal's per-field messages, for the fields the ticket has. */
const fieldErrors = (error: unknown): TicketErrors => (isApiError(error) && error.fields ? error.fields : {});

/**
 * docs/product.md#wallet-page-appsfinancewallet 'Place an Order': an order ticket (like a broker's)
 * for limit, stop, stop-limit and trailing-stop orders with their own price fields only, a time in
 * force, and a live preview from the server (preview_order) of what placing it would do.
 */
export function OrderTicket({ wallet }: { wallet: Pick<WalletSummary, 'wallet_id' | 'wallet_name'> }) {
  const id = useId();
  const [values, setValues] = useState<TicketValues>(EMPTY_TICKET);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TicketErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const place = usePlaceOrder();

  const request = useMemo(() => toOrderRequest(wallet.wallet_id, values), [wallet.wallet_id, values]);
  // The contract's checks load with the first focus in the ticket; until then nothing is checked
  // (an empty ticket shows no errors anyway) and nothing is previewed.
  const [rules, loadRules] = orderRules.useModule();
  const clientErrors = useMemo(() => (rules ? validateOrder(request, rules) : {}), [request, rules]);
  const valid = rules !== undefined && Object.keys(clientErrors).length === 0;

  // The preview follows the ticket once the contract accepts it and the typing has paused.
  const [debounced] = useDebouncedValue(valid ? JSON.stringify(request) : null, PREVIEW_DEBOUNCE_MS);
  const previewRequest = useMemo(() => (debounced ? (JSON.parse(debounced) as OrderRequest) : null), [debounced]);
  const preview = useOrderPreview(previewRequest);
  const previewCurrent = valid && debounced === JSON.stringify(request) && !preview.isPlaceholderData;
  const previewFields = preview.isError && previewCurrent ? fieldErrors(preview.error) : {};

  const errors: TicketErrors = {
    ...visibleErrors(clientErrors, request, submitted),
    ...previewFields,
    ...serverErrors,
  };
  // A refusal without a field (an unknown symbol is the symbol's): shown under the form.
  const previewProblem =
    preview.isError && previewCurrent && Object.keys(previewFields).length === 0
      ? isApiError(preview.error, 404)
        ? { symbol: preview.error.message }
        : null
      : null;
  if (previewProblem) Object.assign(errors, previewProblem);
  const previewError =
    preview.isError && previewCurrent && !previewProblem && Object.keys(previewFields).length === 0
      ? preview.error.message
      : null;
  const blocked = previewCurrent && preview.data !== undefined && !preview.data.preview.can_place;

  const set = <K extends keyof TicketValues>(key: K, value: TicketValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors({});
    setRefusal(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    if (blocked) return;
    // Enter pressed before the checks arrived: wait for them rather than send an unchecked order.
    let checks = rules;
    try {
      checks ??= await orderRules.load();
    } catch (error) {
      console.error('Could not load the order checks', error);
      setRefusal('The order form could not be checked. Check your connection and try again.');
      return;
    }
    loadRules(); // draws the ticket with its checks (and their messages) from now on
    if (Object.keys(validateOrder(request, checks)).length > 0) return;
    try {
      await place.mutateAsync(request);
      setValues((current) => ({
        ...EMPTY_TICKET,
        side: current.side,
        type: current.type,
        trailUnit: current.trailUnit,
        timeInForce: current.timeInForce,
      }));
      setSubmitted(false);
      setServerErrors({});
    } catch (error) {
      console.error('Could not place the order', error);
      const fields = fieldErrors(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) {
        setRefusal(error instanceof Error ? error.message : 'The order could not be placed. Please try again.');
      }
    }
  };

  const trailing = values.type === 'trailing_stop';
  const priceInput = { decimalScale: 4, allowNegative: false, thousandSeparator: ',', prefix: '$', min: 0 } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit} onFocusCapture={loadRules} noValidate aria-label="Place an order">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Symbol"
              placeholder="e.g. AAPL"
              value={values.symbol}
              onChange={(event) => set('symbol', event.currentTarget.value.toUpperCase())}
              maxLength={SYMBOL_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              error={errors.symbol}
              required
            />
            <FieldLabel label="Side" id={`${id}-side-label`}>
              <SegmentedChoice
                fullWidth
                aria-labelledby={`${id}-side-label`}
                value={values.side}
                onChange={(value) => set('side', value as TicketValues['side'])}
                color={values.side === 'buy' ? 'teal' : 'red'}
                data={[
                  { value: 'buy', label: 'Buy' },
                  { value: 'sell', label: 'Sell' },
                ]}
              />
            </FieldLabel>
            <NativeSelect
              label="Order type"
              data={TYPE_OPTIONS}
              value={values.type}
              onChange={(event) => set('type', event.currentTarget.value as TicketValues['type'])}
              error={errors.type}
            />
            <NumberInput
              label="Quantity"
              placeholder="Shares"
              value={values.quantity}
              onChange={(value) => set('quantity', value)}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              min={1}
              clampBehavior="none"
              error={errors.quantity}
              required
            />
            {usesLimit(values.type) && (
              <NumberInput
                label="Limit price"
                placeholder="$0.00"
                description={values.side === 'buy' ? 'The most to pay a share' : 'The least to take a share'}
                value={values.limitPrice}
                onChange={(value) => set('limitPrice', value)}
                error={errors.limit_price}
                required
                {...priceInput}
              />
            )}
            {usesStop(values.type) && (
              <NumberInput
                label="Stop price"
                placeholder="$0.00"
                description={values.side === 'buy' ? 'Triggers at or above' : 'Triggers at or below'}
                value={values.stopPrice}
                onChange={(value) => set('stopPrice', value)}
                error={errors.stop_price}
                required
                {...priceInput}
              />
            )}
            {trailing && (
              <>
                <FieldLabel label="Trail by" id={`${id}-trail-unit-label`}>
                  <SegmentedChoice
                    fullWidth
                    aria-labelledby={`${id}-trail-unit-label`}
                    value={values.trailUnit}
                    onChange={(value) => set('trailUnit', value as TicketValues['trailUnit'])}
                    data={[
                      { value: 'percent', label: 'Percent (%)' },
                      { value: 'amount', label: 'Dollars ($)' },
                    ]}
                  />
                </FieldLabel>
                {values.trailUnit === 'percent' ? (
                  <NumberInput
                    key="trail-percent"
                    label="Trail percent"
                    placeholder="e.g. 2.5"
                    suffix="%"
                    decimalScale={2}
                    allowNegative={false}
                    value={values.trail}
                    onChange={(value) => set('trail', value)}
                    error={errors.trail_percent ?? errors.trail_amount}
                    required
                  />
                ) : (
                  <NumberInput
                    key="trail-amount"
                    label="Trail amount"
                    placeholder="$0.00"
                    value={values.trail}
                    onChange={(value) => set('trail', value)}
                    error={errors.trail_amount}
                    required
                    {...priceInput}
                  />
                )}
              </>
            )}
            <NativeSelect
              label="Time in force"
              data={TIF_OPTIONS}
              value={values.timeInForce}
              onChange={(event) => set('timeInForce', event.currentTarget.value as TicketValues['timeInForce'])}
              error={errors.time_in_force}
            />
          </SimpleGrid>
          {refusal && (
            <Alert
              color="red"
              variant="light"
              title="Could not place the order"
              icon={<IconAlertCircle />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setRefusal(null)}
            >
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              color={values.side === 'buy' ? 'teal' : 'red'}
              leftSection={<IconSend size={16} />}
              loading={place.isPending}
              disabled={blocked}
            >
              Place order
            </Button>
          </Group>
        </Stack>
      </form>
      <Box aria-live="polite">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Preview</Text>
          {preview.isFetching && <Loader size="xs" aria-label="Updating the preview" />}
        </Group>
        {!valid ? (
          <Text c="dimmed" size="sm">
            Fill in the order to see its estimated cost, the cash or shares it holds back and your buying power after
            it.
          </Text>
        ) : previewError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="No preview">
            {previewError}
          </Alert>
        ) : preview.data ? (
          <OrderPreviewPanel preview={preview.data.preview} stale={!previewCurrent} />
        ) : (
          <Text c="dimmed" size="sm">
            Working out the preview…
          </Text>
        )}
        {blocked && preview.data?.preview.problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="This order cannot be placed" mt="md">
            {preview.data.preview.problem}
          </Alert>
        )}
        {previewCurrent && preview.data?.preview.fills_now && (
          <Badge color="teal" variant="light" mt="md">
            Fills at once at the current price
          </Badge>
        )}
      </Box>
    </SimpleGrid>
  );
}
