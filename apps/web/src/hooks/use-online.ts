import { useNetwork } from '@mantine/hooks';

/**
 * Whether the browser has a network connection (`navigator.onLine`, updated by its `online` and
 * `offline` events). docs/product.md#offline: offline, pages show their last saved copy read-only.
 */
export function useOnline(): boolean {
  return useNetwork().online;
}
