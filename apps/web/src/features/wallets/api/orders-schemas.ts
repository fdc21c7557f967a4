// The response schemas of orders-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  cancelOrderResponseSchema,
  getOrdersResponseSchema,
  placeOrderResponseSchema,
  previewOrderResponseSchema,
} from '@site/contract';
