import type {
  GeocodeAutocompleteResponse,
  GeocodeBias,
  GeocodeFeature,
  GeocodeFilter,
  GeocodeType,
  GeoRect,
} from '@site/contract';
import { type AddressText, parseAddressText, parsedQuery } from './address-text.js';
import { ALTERNATE_NAMES } from './alternate-names.js';
import { distanceKm, type Gazetteer, gazetteer, Seat } from './gazetteer.js';
import { fold } from './text.js';
import { type AutocompleteRequest, feature, type GeocodingProvider } from './types.js';
import { type ZipIndex, zipIndex } from './us-zip-codes.js';

/**
 * The offline geocoder (docs/architecture.md#data-and-configuration): world cities, their regions and countries from the embedded
 * GeoNames gazetteer, plus US ZIP codes. Prefix, word and substring matches, accent-insensitive,
 * ranked by match quality, then population, then the request's bias; every filter honoured.
 */

const GEONAMES = { sourcename: 'geonames', attribution: '© GeoNames', license: 'CC BY 4.0' };
const ZIPCODES = { sourcename: 'zipcodes', attribution: 'US ZIP code centroids', license: 'BSD-3-Clause' };

const Quality = { Exact: 4, Prefix: 3, Word: 2, Substring: 0.5 } as const;
type Quality = (typeof Quality)[keyof typeof Quality];
const CONFIDENCE: Record<number, number> = { 4: 1, 3: 0.9, 2: 0.8, 0.5: 0.5 };

/** Everyday names that are not a country's official short name. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'us',
  'u s a': 'us',
  'u s': 'us',
  america: 'us',
  'united states of america': 'us',
  uk: 'gb',
  'u k': 'gb',
  britain: 'gb',
  'great britain': 'gb',
  england: 'gb',
  scotland: 'gb',
  wales: 'gb',
  'northern ireland': 'gb',
  holland: 'nl',
  russia: 'ru',
  'south korea': 'kr',
  korea: 'kr',
  'north korea': 'kp',
  czechia: 'cz',
  'czech republic': 'cz',
  uae: 'ae',
  'ivory coast': 'ci',
  turkey: 'tr',
  burma: 'mm',
  vatican: 'va',
};
/** Country names are matched in these languages besides the request's. */
const NAME_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'];

const displayNames = new Map<string, Intl.DisplayNames>();
export function countryName(code: string, lang = 'en'): string {
  let names = displayNames.get(lang);
  if (!names) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    }
    displayNames.set(lang, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

interface Candidate {
  key: string;
  score: number;
  quality: Quality;
  build: (matchType: string, confidence: number) => GeocodeFeature;
  lat: number;
  lon: number;
  countryCode: string;
  regionKey?: string | undefined;
  /** Folded shown name: places shown alike and lying close together are listed once. */
  sameAs?: string | undefined;
  /** Which of such look-alikes stays: the greater (a city beats the region named after it). */
  weight?: number | undefined;
}

/** Look-alikes (same name and country) closer than this are one place to a reader. */
const SAME_PLACE_KM = 50;

/**
 * One entry per group of candidates that would read the same ("Tokyo, Japan" the city and
 * "Tokyo, Japan" the prefecture around it): the heaviest stays, ranked at the group's best score.
 */
function withoutLookAlikes(scored: { c: Candidate; score: number }[]) {
  const groups = new Map<string, { best: Candidate; score: number }[]>();
  const out: { best: Candidate; score: number }[] = [];
  for (const entry of scored) {
    const { c } = entry;
    if (c.sameAs === undefined) {
      out.push({ best: c, score: entry.score });
      continue;
    }
    const key = `${c.countryCode}|${c.sameAs}`;
    const list = groups.get(key) ?? [];
    groups.set(key, list);
    const group = list.find((g) => distanceKm(g.best.lat, g.best.lon, c.lat, c.lon) <= SAME_PLACE_KM);
    if (!group) {
      const created = { best: c, score: entry.score };
      list.push(created);
      out.push(created);
      continue;
    }
    if ((c.weight ?? 0) > (group.best.weight ?? 0)) group.best = c;
    group.score = Math.max(group.score, entry.score);
  }
  return out.map(({ best, score }) => ({ c: best, score }));
}

/** Per-country and per-region summaries derived once from the gazetteer. */
class Areas {
  readonly countryFolded: string[][] = [];
  readonly countryCapital: number[] = [];
  readonly countryPopulation: number[] = [];
  readonly regionFolded: string[] = [];
  readonly regionSeat: number[] = [];
  readonly regionPopulation: number[] = [];

  constructor(readonly g: Gazetteer) {
    const biggest: number[] = [];
    const tier = (i: number) => (g.seatOf(i) >= Seat.Region ? 1 : 0);
    for (let i = 0; i < g.size; i++) {
      const c = g.countryIndexOf(i);
      const pop = g.populationOf(i);
      this.countryPopulation[c] = (this.countryPopulation[c] ?? 0) + pop;
      if (g.seatOf(i) === Seat.Capital && this.countryCapital[c] === undefined) this.countryCapital[c] = i;
      const big = biggest[c];
      if (big === undefined || pop > g.populationOf(big)) biggest[c] = i;
      const r = g.regionIndexOf(i);
      if (r > 0) {
        this.regionPopulation[r] = (this.regionPopulation[r] ?? 0) + pop;
        // A region stands at its seat (PPLA), else at its biggest city.
        const seat = this.regionSeat[r];
        if (seat === undefined || tier(i) > tier(seat) || (tier(i) === tier(seat) && pop > g.populationOf(seat))) {
          this.regionSeat[r] = i;
        }
      }
    }
    g.countryCodes.forEach((cc, c) => {
      this.countryCapital[c] ??= biggest[c] as number;
      this.countryFolded[c] = [...new Set(NAME_LANGUAGES.map((lang) => fold(countryName(cc, lang))))];
    });
    g.regions.forEach((region, r) => {
      this.regionFolded[r] = region ? fold(region.name) : '';
    });
  }
}

/** Folded alternate names and the city each names, for gazetteer `g`. */
const alternatesByGazetteer = new WeakMap<Gazetteer, { folded: string; index: number }[]>();
function alternatesOf(g: Gazetteer) {
  let list = alternatesByGazetteer.get(g);
  if (!list) {
    list = [];
    for (const [id, names] of Object.entries(ALTERNATE_NAMES)) {
      const index = g.indexOfGeonameId(Number(id));
      if (index === undefined) continue;
      for (const name of names) list.push({ folded: fold(name), index });
    }
    alternatesByGazetteer.set(g, list);
  }
  return list;
}

let sharedAreas: Areas | undefined;
const areasOf = (g: Gazetteer) => {
  if (sharedAreas?.g !== g) sharedAreas = new Areas(g);
  return sharedAreas;
};

function quality(name: string, q: string): Quality | undefined {
  if (!q) return undefined;
  if (name === q) return Quality.Exact;
  if (name.startsWith(q)) return Quality.Prefix;
  if (name.includes(` ${q}`)) return Quality.Word;
  if (q.length >= 3 && name.includes(q)) return Quality.Substring;
  return undefined;
}

function inRect(rect: GeoRect, lat: number, lon: number) {
  return (
    lat >= Math.min(rect.lat1, rect.lat2) &&
    lat <= Math.max(rect.lat1, rect.lat2) &&
    lon >= Math.min(rect.lon1, rect.lon2) &&
    lon <= Math.max(rect.lon1, rect.lon2)
  );
}

export interface DemoGeocoderOptions {
  gazetteer?: () => Gazetteer;
  zips?: () => ZipIndex;
}

export function demoGeocoder(options: DemoGeocoderOptions = {}): GeocodingProvider & {
  search(request: AutocompleteRequest): GeocodeFeature[];
} {
  const getGazetteer = options.gazetteer ?? gazetteer;
  const getZips = options.zips ?? zipIndex;

  // ----- features --------------------------------------------------------------------------

  function cityFeature(g: Gazetteer, i: number, lang: string | undefined, matchType: string, confidence: number) {
    const city = g.city(i);
    const country = countryName(city.countryCode, lang);
    const region = city.region && fold(city.region) !== fold(city.name) ? city.region : undefined;
    return feature({
      name: city.name,
      city: city.name,
      ...(city.region ? { state: city.region } : {}),
      ...(city.countryCode === 'us' && city.admin1Code ? { state_code: city.admin1Code } : {}),
      country,
      country_code: city.countryCode,
      address_line1: city.name,
      address_line2: [region, country].filter(Boolean).join(', '),
      result_type: 'city',
      place_id: `demo:city:${city.geonameId}`,
      lat: city.lat,
      lon: city.lon,
      population: city.population,
      datasource: GEONAMES,
      rank: { match_type: matchType, confidence },
    });
  }

  function regionFeature(g: Gazetteer, r: number, lang: string | undefined, matchType: string, confidence: number) {
    const a = areasOf(g);
    const region = g.regions[r];
    const seat = a.regionSeat[r];
    if (!region || seat === undefined) return undefined;
    const country = countryName(region.countryCode, lang);
    return feature({
      name: region.name,
      state: region.name,
      ...(region.countryCode === 'us' ? { state_code: region.code } : {}),
      country,
      country_code: region.countryCode,
      address_line1: region.name,
      address_line2: country,
      result_type: 'state',
      place_id: `demo:state:${region.key}`,
      lat: g.lat(seat),
      lon: g.lon(seat),
      datasource: GEONAMES,
      rank: { match_type: matchType, confidence },
    });
  }

  function countryFeature(g: Gazetteer, c: number, lang: string | undefined, matchType: string, confidence: number) {
    const a = areasOf(g);
    const cc = g.countryCodes[c] as string;
    const capital = a.countryCapital[c] as number;
    const name = countryName(cc, lang);
    return feature({
      name,
      country: name,
      country_code: cc,
      address_line1: name,
      address_line2: '',
      result_type: 'country',
      place_id: `demo:country:${cc}`,
      lat: g.lat(capital),
      lon: g.lon(capital),
      datasource: GEONAMES,
      rank: { match_type: matchType, confidence },
    });
  }

  function zipFeature(
    g: Gazetteer,
    zips: ZipIndex,
    i: number,
    lang: string | undefined,
    matchType: string,
    confidence: number,
  ) {
    const z = zips.get(i);
    const stateName = g.regions.find((r) => r?.key === `US.${z.state}`)?.name;
    const country = countryName(z.countryCode, lang);
    return feature({
      name: z.zip,
      postcode: z.zip,
      city: z.city,
      ...(stateName ? { state: stateName, state_code: z.state } : {}),
      country,
      country_code: z.countryCode,
      address_line1: z.countryCode === 'us' ? `${z.city}, ${z.state} ${z.zip}` : `${z.city} ${z.zip}`,
      address_line2: country,
      result_type: 'postcode',
      place_id: `demo:zip:${z.zip}`,
      lat: z.lat,
      lon: z.lon,
      datasource: ZIPCODES,
      rank: { match_type: matchType, confidence },
    });
  }

  // ----- filters and bias ---------------------------------------------------------------------

  /** The area a `place:` filter names, as a test on a candidate; undefined id → matches nothing. */
  function placeTest(g: Gazetteer, id: string): (c: Candidate) => boolean {
    const [prefix, kind, ...rest] = id.split(':');
    const value = rest.join(':');
    if (prefix !== 'demo') return () => false;
    if (kind === 'country') return (c) => c.countryCode === value.toLowerCase();
    if (kind === 'state') return (c) => c.regionKey === value;
    let centre: { lat: number; lon: number; km: number } | undefined;
    if (kind === 'city') {
      const i = g.indexOfGeonameId(Number(value));
      if (i !== undefined) centre = { lat: g.lat(i), lon: g.lon(i), km: 25 };
    } else if (kind === 'zip') {
      const zips = getZips();
      const i = zips.indexOf(value);
      if (i !== undefined) centre = { ...zips.get(i), km: 10 };
    }
    if (!centre) return () => false;
    const { lat, lon, km } = centre;
    return (c) => distanceKm(lat, lon, c.lat, c.lon) <= km;
  }

  function passes(filter: GeocodeFilter, place: ((c: Candidate) => boolean) | undefined, c: Candidate) {
    if (filter.countryCodes && !filter.countryCodes.includes(c.countryCode)) return false;
    if (
      filter.circle &&
      distanceKm(filter.circle.lat, filter.circle.lon, c.lat, c.lon) * 1000 > filter.circle.radiusMeters
    ) {
      return false;
    }
    if (filter.rect && !inRect(filter.rect, c.lat, c.lon)) return false;
    if (place && !place(c)) return false;
    return true;
  }

  function biasScore(bias: GeocodeBias, c: Candidate): number {
    let score = 0;
    if (bias.countryCodes?.includes(c.countryCode)) score += 2;
    if (bias.circle && distanceKm(bias.circle.lat, bias.circle.lon, c.lat, c.lon) * 1000 <= bias.circle.radiusMeters) {
      score += 2;
    }
    if (bias.rect && inRect(bias.rect, c.lat, c.lon)) score += 2;
    if (bias.proximity) score += 3 * Math.exp(-distanceKm(bias.proximity.lat, bias.proximity.lon, c.lat, c.lon) / 400);
    return score;
  }

  // ----- candidates ---------------------------------------------------------------------------

  function qualifierTest(g: Gazetteer, qualifiers: string[]) {
    const a = areasOf(g);
    const folded = qualifiers.map(fold).filter(Boolean);
    return (countryIndex: number, regionIndex: number) =>
      folded.every((q) => {
        const cc = g.countryCodes[countryIndex] as string;
        if (cc === q || COUNTRY_ALIASES[q] === cc) return true;
        if (a.countryFolded[countryIndex]?.some((name) => name.startsWith(q))) return true;
        const region = g.regions[regionIndex];
        if (!region) return false;
        return region.code.toLowerCase() === q || (a.regionFolded[regionIndex] ?? '').startsWith(q);
      });
  }

  function cityCandidates(g: Gazetteer, q: string, qualifiers: string[], lang: string | undefined, penalty: number) {
    const out = new Map<number, Quality>();
    if (!q) return [];
    const hay = g.folded;
    const record = (at: number) => {
      const i = g.indexAtFoldedOffset(at);
      const start = g.foldedStart(i);
      let grade: Quality;
      if (at === start) grade = hay[at + q.length] === '\n' ? Quality.Exact : Quality.Prefix;
      else if (hay[at - 1] === ' ') grade = Quality.Word;
      else grade = Quality.Substring;
      if ((out.get(i) ?? 0) < grade) out.set(i, grade);
    };
    // Other names ("München" for Munich) are graded as the name itself would be.
    for (const alt of alternatesOf(g)) {
      const grade = quality(alt.folded, q);
      // Below three letters, only a whole name: "sa" should not list Ho Chi Minh City as "Saigon".
      if (grade === undefined || (q.length < 3 && grade !== Quality.Exact)) continue;
      if ((out.get(alt.index) ?? 0) < grade) out.set(alt.index, grade);
    }
    if (q.length >= 3) {
      for (let at = hay.indexOf(q); at >= 0; at = hay.indexOf(q, at + 1)) record(at);
    } else {
      // Short text: whole-name and word starts only.
      for (const sep of ['\n', ' ']) {
        const needle = sep + q;
        for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) record(at + 1);
      }
    }
    const qualifies = qualifierTest(g, qualifiers);
    const candidates: Candidate[] = [];
    for (const [i, grade] of out) {
      const cc = g.countryOf(i);
      if (qualifiers.length && !qualifies(g.countryIndexOf(i), g.regionIndexOf(i))) continue;
      const seat = g.seatOf(i);
      candidates.push({
        key: `city:${i}`,
        score: grade + Math.log10(Math.max(1000, g.populationOf(i))) + (seat === Seat.Capital ? 0.3 : 0) - penalty,
        quality: grade,
        build: (m, conf) => cityFeature(g, i, lang, m, conf),
        lat: g.lat(i),
        lon: g.lon(i),
        countryCode: cc,
        regionKey: g.regionOf(i)?.key,
        sameAs: g.foldedName(i),
        weight: g.populationOf(i),
      });
    }
    return candidates;
  }

  function regionCandidates(g: Gazetteer, q: string, qualifiers: string[], lang: string | undefined) {
    const a = areasOf(g);
    const qualifies = qualifierTest(g, qualifiers);
    const countryIndex = new Map(g.countryCodes.map((cc, c) => [cc, c]));
    const candidates: Candidate[] = [];
    g.regions.forEach((region, r) => {
      if (!region) return;
      const grade = quality(a.regionFolded[r] ?? '', q);
      const seat = a.regionSeat[r];
      if (grade === undefined || seat === undefined) return;
      if (qualifiers.length && !qualifies(countryIndex.get(region.countryCode) as number, 0)) return;
      candidates.push({
        key: `state:${r}`,
        score: grade + Math.min(5.5, Math.log10(Math.max(1000, a.regionPopulation[r] ?? 0))),
        quality: grade,
        build: (m, conf) => regionFeature(g, r, lang, m, conf) as GeocodeFeature,
        lat: g.lat(seat),
        lon: g.lon(seat),
        countryCode: region.countryCode,
        regionKey: region.key,
        sameAs: a.regionFolded[r],
        weight: -1,
      });
    });
    return candidates;
  }

  function countryCandidates(g: Gazetteer, q: string, lang: string | undefined) {
    const a = areasOf(g);
    const candidates: Candidate[] = [];
    const alias = COUNTRY_ALIASES[q];
    g.countryCodes.forEach((cc, c) => {
      // Word matches only in English and the request's language ("korea" → South Korea), so
      // "par" does not find Sint Maarten through its French name "… (partie néerlandaise)".
      const main = new Set([fold(countryName(cc, 'en')), fold(countryName(cc, lang ?? 'en'))]);
      let grade: Quality | undefined;
      if (alias === cc || (q.length === 2 && q === cc)) grade = Quality.Exact;
      for (const name of new Set([...main, ...(a.countryFolded[c] ?? [])])) {
        let g2 = quality(name, q);
        if (g2 === Quality.Word && !main.has(name)) g2 = undefined;
        if (g2 !== undefined && (grade === undefined || g2 > grade)) grade = g2;
      }
      if (grade === undefined || grade === Quality.Substring) return;
      const capital = a.countryCapital[c] as number;
      candidates.push({
        key: `country:${cc}`,
        score: grade + Math.min(6, Math.log10(Math.max(1000, a.countryPopulation[c] ?? 0))),
        quality: grade,
        build: (m, conf) => countryFeature(g, c, lang, m, conf),
        lat: g.lat(capital),
        lon: g.lon(capital),
        countryCode: cc,
      });
    });
    return candidates;
  }

  function zipCandidates(
    g: Gazetteer,
    parsed: AddressText,
    q: string,
    type: GeocodeType | undefined,
    lang: string | undefined,
  ) {
    const zips = getZips();
    let indexes: number[] = [];
    let grade: Quality = Quality.Prefix;
    if (parsed.postcode) {
      const digits = parsed.postcode.slice(0, 5);
      const exact = zips.indexOf(digits);
      if (exact !== undefined) {
        indexes = [exact];
        grade = Quality.Exact;
      } else if (digits.length >= 3 && !parsed.place) {
        indexes = zips.withPrefix(digits);
      }
    } else if (type === 'postcode' && q) {
      indexes = zips.inCitiesStartingWith(q).slice(0, 1000);
    }
    const placeQ = fold(parsed.place);
    return indexes
      .map((i): Candidate | undefined => {
        const z = zips.get(i);
        // With "Beverly Hills, 90210" the city must agree with the ZIP code.
        if (parsed.postcode && placeQ && !fold(z.city).startsWith(placeQ)) return undefined;
        return {
          key: `zip:${z.zip}`,
          score: grade + 5 - (Number(z.zip) % 100) / 1000,
          quality: grade,
          build: (m, conf) => zipFeature(g, zips, i, lang, m, conf),
          lat: z.lat,
          lon: z.lon,
          countryCode: z.countryCode,
          regionKey: `US.${z.state}`,
        };
      })
      .filter((c): c is Candidate => c !== undefined);
  }

  // ----- search --------------------------------------------------------------------------------

  function search(request: AutocompleteRequest): GeocodeFeature[] {
    const g = getGazetteer();
    const parsed = parseAddressText(request.text);
    const { type, lang, filter, bias } = request;
    if (type === 'amenity' || (type === 'street' && !parsed.street)) return [];

    const q = fold(parsed.place);
    const byKey = new Map<string, Candidate>();
    const add = (list: Candidate[]) => {
      for (const c of list) {
        const seen = byKey.get(c.key);
        if (!seen || seen.score < c.score) byKey.set(c.key, c);
      }
    };

    const wantsCities = !type || type === 'city' || type === 'locality' || type === 'street';
    const wantsZips = !type || type === 'postcode';
    if (wantsZips && (parsed.postcode || type === 'postcode')) add(zipCandidates(g, parsed, q, type, lang));
    if (wantsCities) add(cityCandidates(g, q, parsed.qualifiers, lang, 0));
    if ((!type || type === 'state') && !parsed.street) add(regionCandidates(g, q, parsed.qualifiers, lang));
    if ((!type || type === 'country') && !parsed.street && parsed.qualifiers.length === 0) {
      add(countryCandidates(g, q, lang));
    }

    // "new york ny", "paris france": try trailing words as a region or country.
    const words = q.split(' ');
    if (wantsCities && !request.text.includes(',') && words.length >= 2 && byKey.size < request.limit) {
      for (let k = 1; k <= Math.min(2, words.length - 1); k++) {
        const place = words.slice(0, words.length - k).join(' ');
        add(cityCandidates(g, place, [words.slice(words.length - k).join(' ')], lang, 0.5));
      }
    }

    const place = filter.place ? placeTest(g, filter.place) : undefined;
    const ranked = withoutLookAlikes(
      [...byKey.values()]
        .filter((c) => passes(filter, place, c))
        .map((c) => ({ c, score: c.score + biasScore(bias, c) })),
    )
      .sort((x, y) => y.score - x.score)
      .slice(0, request.limit);

    const unverifiedStreet = Boolean(parsed.street);
    return ranked.map(({ c }) => {
      const isZip = c.key.startsWith('zip:');
      const matchType = unverifiedStreet
        ? isZip
          ? 'match_by_postcode'
          : 'match_by_city_or_disrict'
        : c.quality === Quality.Substring
          ? 'inner_part'
          : 'full_match';
      return c.build(matchType, unverifiedStreet ? 0.5 : (CONFIDENCE[c.quality] ?? 0.5));
    });
  }

  function expectedType(parsed: AddressText, type: GeocodeType | undefined) {
    if (type) return type;
    if (parsed.housenumber) return 'building';
    if (parsed.street) return 'street';
    if (parsed.postcode && !parsed.place) return 'postcode';
    return 'unknown';
  }

  return {
    search,

    async autocomplete(request): Promise<GeocodeAutocompleteResponse> {
      const parsed = parseAddressText(request.text);
      return {
        type: 'FeatureCollection',
        features: search(request),
        query: { text: request.text, parsed: parsedQuery(parsed, expectedType(parsed, request.type)) },
      };
    },

    async place(id, lang) {
      const [prefix, kind, ...rest] = id.split(':');
      const value = rest.join(':');
      if (prefix !== 'demo' || !value) return undefined;
      const g = getGazetteer();
      if (kind === 'city') {
        const i = g.indexOfGeonameId(Number(value));
        return i === undefined ? undefined : cityFeature(g, i, lang, 'full_match', 1);
      }
      if (kind === 'state') {
        const r = g.regions.findIndex((region) => region?.key === value);
        return r > 0 ? regionFeature(g, r, lang, 'full_match', 1) : undefined;
      }
      if (kind === 'country') {
        const c = g.countryCodes.indexOf(value.toLowerCase());
        return c >= 0 ? countryFeature(g, c, lang, 'full_match', 1) : undefined;
      }
      if (kind === 'zip') {
        const zips = getZips();
        const i = zips.indexOf(value);
        return i === undefined ? undefined : zipFeature(g, zips, i, lang, 'full_match', 1);
      }
      return undefined;
    },
  };
}
