import fs from 'node:fs';
import { createRequire } from 'node:module';
import { foldLines } from './text.js';

/**
 * US ZIP codes (npm `zipcodes`, BSD-3-Clause): 5-digit code, centre point, USPS city name and
 * state. Loaded lazily, only when a search looks like a postcode, and kept compact: the package's
 * 5 MB JavaScript object literal is scanned as text instead of being evaluated.
 */

const require = createRequire(import.meta.url);

/** US territories have their own ISO country codes; military "states" (AA, AE, AP) are left out. */
const TERRITORIES: Record<string, string> = { PR: 'pr', VI: 'vi', GU: 'gu', AS: 'as', MP: 'mp' };
const MILITARY = new Set(['AA', 'AE', 'AP']);

export interface ZipCode {
  zip: string;
  lat: number;
  lon: number;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  countryCode: string;
}

export class ZipIndex {
  private constructor(
    readonly size: number,
    /** Ascending. */
    private readonly zips: Int32Array,
    private readonly latE4: Int32Array,
    private readonly lonE4: Int32Array,
    private readonly cityIndex: Uint16Array,
    private readonly stateIndex: Uint8Array,
    private readonly cities: string,
    private readonly cityStarts: Uint32Array,
    /** '\n' + folded city names + '\n', same order as `cities`. */
    private readonly foldedCities: string,
    private readonly foldedStarts: Uint32Array,
    private readonly states: string[],
  ) {}

  static load(): ZipIndex {
    const re =
      /"zip":"(\d{5})","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"((?:[^"\\]|\\.)*)","state":"([A-Z]{2})"/g;
    // Straight into typed arrays: no object or array per ZIP code.
    const capacity = 50_000;
    const zip = new Int32Array(capacity);
    const lat = new Int32Array(capacity);
    const lon = new Int32Array(capacity);
    const cityOf = new Uint16Array(capacity);
    const stateOf = new Uint8Array(capacity);
    const cityIds = new Map<string, number>();
    const cityList: string[] = [];
    const stateIds = new Map<string, number>();
    const states: string[] = [];
    let n = 0;
    const take = (m: RegExpExecArray) => {
      const state = m[5] as string;
      if (MILITARY.has(state) || n >= capacity) return;
      const raw = m[4] as string;
      const city = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      let c = cityIds.get(city);
      if (c === undefined) {
        c = cityList.length;
        cityList.push(city);
        cityIds.set(city, c);
      }
      let st = stateIds.get(state);
      if (st === undefined) {
        st = states.length;
        states.push(state);
        stateIds.set(state, st);
      }
      zip[n] = Number(m[1]);
      lat[n] = Math.round(Number(m[2]) * 1e4);
      lon[n] = Math.round(Number(m[3]) * 1e4);
      cityOf[n] = c;
      stateOf[n] = st;
      n++;
    };

    // The 5 MB file is read and decoded 256 kB at a time; text after the last complete entry of
    // a piece is carried over to the next.
    const fd = fs.openSync(require.resolve('zipcodes/lib/codes.js'), 'r');
    const buf = new Uint8Array(256 * 1024);
    const decoder = new TextDecoder('utf-8');
    let carry = '';
    try {
      for (;;) {
        const read = fs.readSync(fd, buf, 0, buf.length, null);
        const text = carry + decoder.decode(buf.subarray(0, read), { stream: read > 0 });
        re.lastIndex = 0;
        let end = 0;
        for (let m = re.exec(text); m !== null; m = re.exec(text)) {
          take(m);
          end = re.lastIndex;
        }
        carry = text.slice(Math.max(end, text.length - 4096));
        if (read === 0) break;
      }
    } finally {
      fs.closeSync(fd);
    }
    // Ascending ZIP order for prefix ranges.
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (zip[a] as number) - (zip[b] as number));
    const pick = <T extends Int32Array | Uint16Array | Uint8Array>(source: T): T => {
      const out = new (source.constructor as new (size: number) => T)(n);
      for (let i = 0; i < n; i++) out[i] = source[order[i] as number] as number;
      return out;
    };
    const cities = `${cityList.join('\n')}\n`;
    const foldedCities = `\n${foldLines(cities)}`;
    return new ZipIndex(
      n,
      pick(zip),
      pick(lat),
      pick(lon),
      pick(cityOf),
      pick(stateOf),
      cities,
      lineStarts(cities, cityList.length, 0),
      foldedCities,
      lineStarts(foldedCities, cityList.length, 1),
      states,
    );
  }

  get(i: number): ZipCode {
    const state = this.states[this.stateIndex[i] as number] as string;
    const c = this.cityIndex[i] as number;
    return {
      zip: String(this.zips[i]).padStart(5, '0'),
      lat: (this.latE4[i] as number) / 1e4,
      lon: (this.lonE4[i] as number) / 1e4,
      city: this.cities.slice(this.cityStarts[c], (this.cityStarts[c + 1] as number) - 1),
      state,
      countryCode: TERRITORIES[state] ?? 'us',
    };
  }

  /** Indexes of the ZIP codes starting with `digits` (1–5 digits), ascending. */
  withPrefix(digits: string): number[] {
    if (!/^\d{1,5}$/.test(digits)) return [];
    const scale = 10 ** (5 - digits.length);
    const from = Number(digits) * scale;
    const to = from + scale;
    const out: number[] = [];
    for (let i = this.lowerBound(from); i < this.size && (this.zips[i] as number) < to; i++) out.push(i);
    return out;
  }

  /** Indexes of the ZIP codes of cities whose folded name starts with `foldedText`. */
  inCitiesStartingWith(foldedText: string): number[] {
    if (!foldedText) return [];
    const wanted = new Set<number>();
    const needle = `\n${foldedText}`;
    for (let at = this.foldedCities.indexOf(needle); at >= 0; at = this.foldedCities.indexOf(needle, at + 1)) {
      wanted.add(this.cityAt(at + 1));
    }
    const out: number[] = [];
    if (wanted.size === 0) return out;
    for (let i = 0; i < this.size; i++) if (wanted.has(this.cityIndex[i] as number)) out.push(i);
    return out;
  }

  private cityAt(offset: number): number {
    let lo = 0;
    let hi = this.foldedStarts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.foldedStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private lowerBound(value: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.zips[mid] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  indexOf(zip: string): number | undefined {
    if (!/^\d{5}$/.test(zip)) return undefined;
    const i = this.lowerBound(Number(zip));
    return this.zips[i] === Number(zip) ? i : undefined;
  }
}

/** Offsets of the `count` lines of `text` (each ending in '\n') from `start`, plus the end. */
function lineStarts(text: string, count: number, start: number): Uint32Array {
  const out = new Uint32Array(count + 1);
  let offset = start;
  for (let i = 0; i < count; i++) {
    out[i] = offset;
    offset = text.indexOf('\n', offset) + 1;
  }
  out[count] = offset;
  return out;
}

let shared: ZipIndex | undefined;
/** The process-wide ZIP index, loaded on first use. */
export function zipIndex(): ZipIndex {
  shared ??= ZipIndex.load();
  return shared;
}
