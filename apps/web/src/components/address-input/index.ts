export { AddressInput, type AddressInputProps, type AddressSelection } from './AddressInput';
export { findAddress } from './address-api';
export type { BiasInput, FilterInput } from './address-params';
export { suggestionLines } from './suggestion-text';
