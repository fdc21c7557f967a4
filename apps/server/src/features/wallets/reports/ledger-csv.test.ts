import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.js';
import {
  attachmentDisposition,
  centsDecimal,
  csvField,
  csvText,
  ledgerCsv,
  ledgerFileName,
  priceDecimal,
} from './ledger-csv.js';

const base = { localPrice: null, fxRate: null, realizedGainCents: 0, currency: 'USD' };

describe('CSV cells (RFC 4180, OWASP CSV injection)', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvText(`${start}1+1`).replace(/^"|"$/g, '').startsWith(`'${start}`)).toBe(true);
    }
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('Growth')).toBe('Growth');
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes money and prices as plain decimals from integers', () => {
    expect(centsDecimal(-1_000_050)).toBe('-10000.50');
    expect(centsDecimal(-5)).toBe('-0.05');
    expect(centsDecimal(0)).toBe('0.00');
    expect(priceDecimal(1_045_000)).toBe('104.50');
    expect(priceDecimal(1_874_312)).toBe('187.4312');
    expect(priceDecimal(49)).toBe('0.0049');
  });
});

describe('ledgerCsv', () => {
  it('writes the header and one row per entry with the cash after it, CRLF line ends', () => {
    const entries: LedgerEntry[] = [
      {
        ...base,
        kind: 'buy',
        at: '2025-01-06T15:00:00.000Z',
        symbol: '7203.T',
        quantity: 10,
        sharesDelta: 10,
        cashDeltaCents: -18_519,
        priceE4: 185_184,
        currency: 'JPY',
        localPrice: 2893.5,
        fxRate: 0.0064,
      },
      {
        ...base,
        kind: 'dividend',
        at: '2025-01-07T12:00:00.000Z',
        symbol: '7203.T',
        quantity: 10,
        sharesDelta: 0,
        cashDeltaCents: 150,
        priceE4: 1_500,
      },
      {
        ...base,
        kind: 'split',
        at: '2025-01-08T12:00:00.000Z',
        symbol: '7203.T',
        quantity: 10,
        sharesDelta: 10,
        cashDeltaCents: 0,
        priceE4: null,
      },
      {
        ...base,
        kind: 'sell',
        at: '2025-01-09T15:00:00.000Z',
        symbol: '7203.T',
        quantity: 20,
        sharesDelta: -20,
        cashDeltaCents: 20_000,
        priceE4: 10_000,
        realizedGainCents: 1_481,
      },
    ];
    expect(ledgerCsv('Main, "the" one', entries, 10_000_000)).toBe(
      [
        'date,type,symbol,quantity,price,amount,currency,local_price,fx_rate,realized_gain,cash_after,wallet',
        '2025-01-06T15:00:00.000Z,buy,7203.T,10,18.5184,-185.19,JPY,2893.5,0.0064,0.00,99814.81,"Main, ""the"" one"',
        '2025-01-07T12:00:00.000Z,dividend,7203.T,10,0.15,1.50,USD,,,0.00,99816.31,"Main, ""the"" one"',
        '2025-01-08T12:00:00.000Z,split,7203.T,10,,0.00,USD,,,0.00,99816.31,"Main, ""the"" one"',
        '2025-01-09T15:00:00.000Z,sell,7203.T,20,1.00,200.00,USD,,,14.81,100016.31,"Main, ""the"" one"',
        '',
      ].join('\r\n'),
    );
  });

  it('is the header alone for a wallet without entries', () => {
    expect(ledgerCsv('Empty', [], 10_000_000)).toBe(
      'date,type,symbol,quantity,price,amount,currency,local_price,fx_rate,realized_gain,cash_after,wallet\r\n',
    );
  });
});

describe('the download’s file name', () => {
  it('is <wallet>-ledger.csv, ASCII-safe in filename= and exact in filename*=', () => {
    expect(ledgerFileName('Growth')).toEqual({ ascii: 'Growth-ledger.csv', utf8: 'Growth-ledger.csv' });
    expect(ledgerFileName('My, "best" wallet').ascii).toBe('My-best-wallet-ledger.csv');
    expect(ledgerFileName('日本株').ascii).toBe('wallet-ledger.csv');
    expect(ledgerFileName('Résumé 2025').ascii).toBe('Resume-2025-ledger.csv');
    expect(attachmentDisposition('My, "best" wallet')).toBe(
      `attachment; filename="My-best-wallet-ledger.csv"; filename*=UTF-8''My%2C%20%22best%22%20wallet-ledger.csv`,
    );
    expect(attachmentDisposition("Bob's")).toBe(
      `attachment; filename="Bob-s-ledger.csv"; filename*=UTF-8''Bob%27s-ledger.csv`,
    );
  });
});
