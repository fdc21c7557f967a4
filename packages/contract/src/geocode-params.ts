/**
 * Address search's limits, its `filter`/`bias` syntax and the house-number order of each country,
 * free of zod: the address input parses and formats with them without geocoding.ts's schemas
 * (docs/decisions.md#main-thread-work-after-the-first-paint). geocoding.ts re-exports them.
 */

export const GEOCODE_TYPES = ['country', 'state', 'city', 'postcode', 'street', 'amenity', 'locality'] as const;
export type GeocodeType = (typeof GEOCODE_TYPES)[number];

export const GEOCODE_TEXT_MAX = 200;
export const GEOCODE_LIMIT_DEFAULT = 5;
export const GEOCODE_LIMIT_MAX = 20;
/** A filter or bias string longer than this is refused outright. */
export const GEOCODE_PARAM_MAX = 1000;

// ---------------------------------------------------------------------------------------------
// filter / bias: `countrycode:us,ca|circle:lon,lat,radiusMeters|rect:lon1,lat1,lon2,lat2|…`
// ---------------------------------------------------------------------------------------------

export interface GeoPoint {
  lon: number;
  lat: number;
}
export interface GeoCircle extends GeoPoint {
  radiusMeters: number;
}
export interface GeoRect {
  lon1: number;
  lat1: number;
  lon2: number;
  lat2: number;
}
/** Results must satisfy every part given. */
export interface GeocodeFilter {
  countryCodes?: string[];
  circle?: GeoCircle;
  rect?: GeoRect;
  /** A place id (e.g. a country, state or city of an earlier result): results must lie inside it. */
  place?: string;
}
/** Results matching these rank higher; nothing is excluded. */
export interface GeocodeBias {
  countryCodes?: string[];
  circle?: GeoCircle;
  rect?: GeoRect;
  proximity?: GeoPoint;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A plain decimal number ('', 'abc', '0x10', 'Infinity' are not). */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (!DECIMAL.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A 2-letter language code (`en`, any case; used lower-cased). */
export const LANG_PATTERN = /^[A-Za-z]{2}$/;
export const LANG_PATTERN_ERROR = 'lang must be a 2-letter language code, e.g. en';

/** `langSchema`'s rule without zod, for the address input's `lang` prop. */
export function parseLang(text: string): ParseResult<string> {
  return LANG_PATTERN.test(text) ? { ok: true, value: text.toLowerCase() } : { ok: false, error: LANG_PATTERN_ERROR };
}

/** Place ids are opaque strings of these characters (Geoapify's are long hex strings). */
export const PLACE_ID_PATTERN = /^[\w:.,@~=+-]{1,512}$/;

type Kind = 'countrycode' | 'circle' | 'rect' | 'place' | 'proximity';
const FILTER_KINDS: readonly Kind[] = ['countrycode', 'circle', 'rect', 'place'];
const BIAS_KINDS: readonly Kind[] = ['countrycode', 'circle', 'rect', 'proximity'];

function numbers(kind: string, args: string, count: number, shape: string): number[] | string {
  const parts = args.split(',');
  if (parts.length !== count) return `${kind} needs ${count} numbers: ${kind}:${shape}`;
  const values: number[] = [];
  for (const part of parts) {
    const n = parseDecimal(part);
    if (n === undefined) return `${kind}: '${part.trim().slice(0, 30)}' is not a number`;
    values.push(n);
  }
  return values;
}

function checkLonLat(kind: string, lon: number, lat: number, which = ''): string | undefined {
  if (lon < -180 || lon > 180) return `${kind}: longitude${which} must be between -180 and 180`;
  if (lat < -90 || lat > 90) return `${kind}: latitude${which} must be between -90 and 90`;
  return undefined;
}

function parseParts(text: string, allowed: readonly Kind[], what: 'filter' | 'bias') {
  const result: {
    countryCodes?: string[];
    circle?: GeoCircle;
    rect?: GeoRect;
    place?: string;
    proximity?: GeoPoint;
  } = {};
  if (text.length > GEOCODE_PARAM_MAX) return { error: `${what} must be at most ${GEOCODE_PARAM_MAX} characters` };
  if (text.trim() === '') return { error: `${what} is empty` };
  for (const raw of text.split('|')) {
    const part = raw.trim();
    const colon = part.indexOf(':');
    if (part === '' || colon <= 0) {
      return { error: `${what} parts look like ${allowed.map((k) => `${k}:…`).join(', ')}, joined with |` };
    }
    const kind = part.slice(0, colon).toLowerCase() as Kind;
    const args = part.slice(colon + 1).trim();
    if (!allowed.includes(kind)) {
      return { error: `Unknown ${what} '${part.slice(0, colon).slice(0, 30)}': use ${allowed.join(', ')}` };
    }
    const key = kind === 'countrycode' ? 'countryCodes' : kind;
    if (result[key] !== undefined) return { error: `Only one ${kind} ${what} is allowed` };
    switch (kind) {
      case 'countrycode': {
        const codes = args.split(',').map((c) => c.trim().toLowerCase());
        if (args === '' || codes.some((c) => !/^[a-z]{2}$/.test(c))) {
          return { error: `countrycode needs 2-letter country codes separated by commas, e.g. countrycode:us,ca` };
        }
        result.countryCodes = [...new Set(codes)];
        break;
      }
      case 'circle': {
        const v = numbers('circle', args, 3, 'lon,lat,radiusMeters');
        if (typeof v === 'string') return { error: v };
        const [lon, lat, radiusMeters] = v as [number, number, number];
        const bad = checkLonLat('circle', lon, lat);
        if (bad) return { error: bad };
        if (!(radiusMeters > 0)) return { error: 'circle: radius must be greater than 0 metres' };
        result.circle = { lon, lat, radiusMeters };
        break;
      }
      case 'rect': {
        const v = numbers('rect', args, 4, 'lon1,lat1,lon2,lat2');
        if (typeof v === 'string') return { error: v };
        const [lon1, lat1, lon2, lat2] = v as [number, number, number, number];
        const bad = checkLonLat('rect', lon1, lat1, ' 1') ?? checkLonLat('rect', lon2, lat2, ' 2');
        if (bad) return { error: bad };
        result.rect = { lon1, lat1, lon2, lat2 };
        break;
      }
      case 'proximity': {
        const v = numbers('proximity', args, 2, 'lon,lat');
        if (typeof v === 'string') return { error: v };
        const [lon, lat] = v as [number, number];
        const bad = checkLonLat('proximity', lon, lat);
        if (bad) return { error: bad };
        result.proximity = { lon, lat };
        break;
      }
      case 'place': {
        if (!PLACE_ID_PATTERN.test(args)) return { error: 'place needs a place id, e.g. place:<place_id>' };
        result.place = args;
        break;
      }
    }
  }
  return { value: result };
}

/** Parses and validates Geoapify's `filter` syntax (countrycode, circle, rect, place; joined with |). */
export function parseGeocodeFilter(text: string): ParseResult<GeocodeFilter> {
  const r = parseParts(text, FILTER_KINDS, 'filter');
  if ('error' in r) return { ok: false, error: r.error as string };
  const { proximity: _unused, ...value } = r.value;
  return { ok: true, value };
}

/** Parses and validates Geoapify's `bias` syntax (countrycode, circle, rect, proximity; joined with |). */
export function parseGeocodeBias(text: string): ParseResult<GeocodeBias> {
  const r = parseParts(text, BIAS_KINDS, 'bias');
  if ('error' in r) return { ok: false, error: r.error as string };
  const { place: _unused, ...value } = r.value;
  return { ok: true, value };
}

function formatParts(p: GeocodeFilter & GeocodeBias): string {
  const parts: string[] = [];
  if (p.countryCodes?.length) parts.push(`countrycode:${p.countryCodes.join(',').toLowerCase()}`);
  if (p.circle) parts.push(`circle:${p.circle.lon},${p.circle.lat},${p.circle.radiusMeters}`);
  if (p.rect) parts.push(`rect:${p.rect.lon1},${p.rect.lat1},${p.rect.lon2},${p.rect.lat2}`);
  if (p.place) parts.push(`place:${p.place}`);
  if (p.proximity) parts.push(`proximity:${p.proximity.lon},${p.proximity.lat}`);
  return parts.join('|');
}
/** The `filter` query value for these parts ('' when none). */
export const formatGeocodeFilter = (filter: GeocodeFilter) => formatParts(filter);
/** The `bias` query value for these parts ('' when none). */
export const formatGeocodeBias = (bias: GeocodeBias) => formatParts(bias);

// ---------------------------------------------------------------------------------------------
// House number and street order (docs/product.md#constants: four patterns by country)
// ---------------------------------------------------------------------------------------------

export type StreetPattern = 'number road' | 'road number' | 'road, number' | 'number, road';

// Countries whose addresses put the number before the street ("221B Baker Street").
const NUMBER_FIRST = new Set(
  (
    'ad ae ag am as au az bb bd bf bh bl bm bz ca cc ci ck cn cx dj dm dz eg fj fk fm fr ga gb gf gg gh gi gm gn gp gs ' +
    'gu gy hk hm ie im io iq je jm jp ke kh kn kr ky lb lk ls lu ma mc mf mg mh mm mp mq ms mt mv mw my na nc ne nf ng ' +
    'nr nu nz om pf pg ph pk pm pr re rw sa sc sg sh sl sn tc tf th tk tn to tt tv tw tz ug us vg vi wf yt za zm zw'
  ).split(' '),
);
// "Via Roma, 10": street, comma, number.
const ROAD_COMMA_NUMBER = new Set('by es it kg kz md mz sm sy ua va'.split(' '));
// "12, MG Road": number, comma, street.
const NUMBER_COMMA_ROAD = new Set('bj bn cd cg in la mr mu tg tm vn ye'.split(' '));

/** The order of house number and street in the given country; 'road number' (Germany's) by default. */
export function streetPatternFor(countryCode: string | undefined): StreetPattern {
  const cc = (countryCode ?? '').toLowerCase();
  if (NUMBER_FIRST.has(cc)) return 'number road';
  if (ROAD_COMMA_NUMBER.has(cc)) return 'road, number';
  if (NUMBER_COMMA_ROAD.has(cc)) return 'number, road';
  return 'road number';
}

/** "221B Baker Street", "Hauptstraße 5", "Via Roma, 10", "12, MG Road"; just the street when no number. */
export function formatStreetAddress(countryCode: string | undefined, street: string, housenumber?: string): string {
  const road = street.trim();
  const number = housenumber?.trim();
  if (!number) return road;
  if (!road) return number;
  switch (streetPatternFor(countryCode)) {
    case 'number road':
      return `${number} ${road}`;
    case 'road, number':
      return `${road}, ${number}`;
    case 'number, road':
      return `${number}, ${road}`;
    default:
      return `${road} ${number}`;
  }
}
