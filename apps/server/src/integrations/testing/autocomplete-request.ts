import type { AutocompleteRequest } from '../geocoding/types.js';

/** Test helper: an address-search request for `text` (5 results, no filter or bias) with `extra` on top. */
export const autocompleteRequest = (text: string, extra: Partial<AutocompleteRequest> = {}): AutocompleteRequest => ({
  text,
  limit: 5,
  filter: {},
  bias: {},
  ...extra,
});
