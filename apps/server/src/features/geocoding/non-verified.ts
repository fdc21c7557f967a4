import { formatStreetAddress, type GeocodeFeature, type GeocodeParsedQuery } from '@site/contract';
import { titleCase } from '../../integrations/geocoding/text.js';

export interface NonVerifiedOptions {
  allowHouseNumber: boolean;
  allowStreet: boolean;
}

/**
 * The address search's optional modes (docs/product.md#search), as Geoapify's autocomplete widget implements them: when the text
 * names a house number the data does not know, a street-level result keeps the typed number; when
 * it names a street the data does not know, a city- or postcode-level result keeps the typed street
 * (and number). What was added is listed in `nonVerifiedParts`, and the house number goes before
 * or after the street as the country writes it.
 */
export function withNonVerifiedParts(
  features: GeocodeFeature[],
  parsed: GeocodeParsedQuery,
  options: NonVerifiedOptions,
): GeocodeFeature[] {
  if (!options.allowHouseNumber && !options.allowStreet) return features;
  return features.map((f) => {
    const p = f.properties;
    const matchType = p.rank.match_type;
    const areaLevel = matchType === 'match_by_city_or_disrict' || matchType === 'match_by_postcode';
    if (parsed.housenumber && options.allowHouseNumber && matchType === 'match_by_street' && p.street) {
      const line = formatStreetAddress(p.country_code, p.street, parsed.housenumber);
      return {
        ...f,
        properties: {
          ...p,
          housenumber: parsed.housenumber,
          address_line1: p.address_line1.replace(p.street, line),
          formatted: p.formatted.replace(p.street, line),
          nonVerifiedParts: ['housenumber'],
        },
      };
    }
    if (parsed.street && options.allowStreet && areaLevel) {
      const street = titleCase(parsed.street);
      const number = parsed.housenumber;
      const line = formatStreetAddress(p.country_code, street, number);
      return {
        ...f,
        properties: {
          ...p,
          street,
          ...(number ? { housenumber: number } : {}),
          address_line1: line,
          address_line2: p.formatted,
          formatted: `${line}, ${p.formatted}`,
          nonVerifiedParts: number ? ['housenumber', 'street'] : ['street'],
        },
      };
    }
    return f;
  });
}
