import { LEDGER_CSV_COLUMNS } from '@site/contract';
import { type LedgerEntry, LedgerState } from './ledger.js';

/*
 * The wallet ledger as CSV (docs/api.md#wallet-ledger-csv). No CSV library is among the
 * dependencies and writing is small: RFC 4180 fields (quoted when they hold a comma, a quote or a
 * line break; quotes doubled), CRLF line ends. Text a spreadsheet would run as a formula (a cell
 * starting with =, +, -, @, tab or carriage return, as OWASP's "CSV Injection" advises) gets a
 * leading apostrophe. Numbers are written by this module from integers, digits with a '.' and
 * perhaps a leading '-': a spreadsheet reads them as numbers, so they are left as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 field. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A text cell: defused if a spreadsheet would take it for a formula, then quoted as needed. */
export function csvText(value: string): string {
  return csvField(FORMULA_START.test(value) ? `'${value}` : value);
}

/** Integer cents as a plain decimal with 2 places: -1000050 → "-10000.50". */
export function centsDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A price in 1/10,000 dollar as a plain decimal with 2 to 4 places: 1045000 → "104.50", 1874312 → "187.4312". */
export function priceDecimal(e4: number): string {
  const abs = Math.abs(e4);
  let fraction = String(abs % 10_000).padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${e4 < 0 ? '-' : ''}${Math.floor(abs / 10_000)}.${fraction}`;
}

/** A provider number (a local price, a rate) without exponent or grouping: 0.0000064 → "0.0000064". */
function plainNumber(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 12 });
}

/**
 * The CSV: the header row (LEDGER_CSV_COLUMNS), then one row per entry oldest first, each with
 * the cash after it (replayed from the opening cash) and the wallet's name.
 */
export function ledgerCsv(walletName: string, entries: readonly LedgerEntry[], openingCashCents: number): string {
  const state = new LedgerState(openingCashCents);
  const lines = [LEDGER_CSV_COLUMNS.join(',')];
  const wallet = csvText(walletName);
  for (const entry of entries) {
    state.apply(entry);
    const cells = [
      csvField(entry.at),
      csvText(entry.kind),
      csvText(entry.symbol),
      String(entry.quantity),
      entry.priceE4 === null ? '' : priceDecimal(entry.priceE4),
      centsDecimal(entry.cashDeltaCents),
      csvText(entry.currency),
      plainNumber(entry.localPrice),
      plainNumber(entry.fxRate),
      centsDecimal(entry.realizedGainCents),
      centsDecimal(state.cashCents),
      wallet,
    ];
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The download's file name, `<wallet>-ledger.csv`: `ascii` for the quoted `filename=` (letters,
 * digits, '.', '_', '-'; every other run becomes one '-'), `utf8` for `filename*=` (RFC 6266).
 */
export function ledgerFileName(walletName: string): { ascii: string; utf8: string } {
  const safe = walletName
    // Accents come off (é → e) before anything else that is not ASCII becomes '-'.
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return { ascii: `${safe || 'wallet'}-ledger.csv`, utf8: `${walletName}-ledger.csv` };
}

/** `attachment; filename="…"; filename*=UTF-8''…` for the download (RFC 6266, RFC 8187). */
export function attachmentDisposition(walletName: string): string {
  const { ascii, utf8 } = ledgerFileName(walletName);
  const encoded = encodeURIComponent(utf8).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
