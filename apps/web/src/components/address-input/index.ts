export { AddressInput, type AddressInputProps, type AddressSelection } from './AddressInput';
export type { BiasInput, FilterInput } from './address-params';
export { suggestionLines } from './suggestion-text';
