/** The address parameter naming the wallet shown (`/apps/finance/wallet?wallet=12`). */
export const WALLET_PARAM = 'wallet';

/** `?wallet=12` → 12; anything else → null. */
export function parseWalletParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
