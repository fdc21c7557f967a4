// The order ticket's checks: the contract's own request schema, which the server runs too. Loaded
// on the first focus in the ticket, not with the wallet page (lib/on-demand.ts).
export { orderRequestSchema } from '@site/contract';
