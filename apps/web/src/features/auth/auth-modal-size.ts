/** docs/product.md#constants: modals are half the window wide; clamped so forms stay readable on phones and wide screens. */
export const AUTH_MODAL_SIZE = 'clamp(20rem, 50%, 30rem)';
