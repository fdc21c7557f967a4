import { readGeodata } from './geodata-file.js';
import { foldLines } from './text.js';

/**
 * US ZIP codes: 5-digit code, centre point, USPS city name and state, from
 * geodata/us-zip-codes.bin.gz (scripts/geodata.mjs writes it from the npm package `zipcodes`,
 * BSD-3-Clause). Loaded lazily, only when a search looks like a postcode, into typed arrays.
 */

/** What scripts/geodata.mjs writes in the file's header. */
interface ZipHeader {
  format: string;
  count: number;
  cityCount: number;
  /** Two-letter USPS codes, by index. */
  states: string[];
}

/** US territories have their own ISO country codes (military "states", AA, AE and AP, are not in the file). */
const TERRITORIES: Record<string, string> = { PR: 'pr', VI: 'vi', GU: 'gu', AS: 'as', MP: 'mp' };

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

  /** Reads geodata/us-zip-codes.bin.gz. Use `zipIndex()` for the shared lazy instance. */
  static load(): ZipIndex {
    const file = readGeodata<ZipHeader>('us-zip-codes.bin.gz', 'site-us-zip-codes/1');
    const { count, cityCount, states } = file.header;
    const cities = file.text('cities');
    const foldedCities = `\n${foldLines(cities)}`;
    return new ZipIndex(
      count,
      file.array('zips', Int32Array),
      file.array('latE4', Int32Array),
      file.array('lonE4', Int32Array),
      file.array('city', Uint16Array),
      file.array('state', Uint8Array),
      cities,
      lineStarts(cities, cityCount, 0),
      foldedCities,
      lineStarts(foldedCities, cityCount, 1),
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
