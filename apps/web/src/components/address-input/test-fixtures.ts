import type { GeocodeFeature, GeocodeFeatureProperties } from '@site/contract';

/** A geocoder result in the server's Geoapify shape; only `formatted` is required. */
export function feature(
  overrides: Partial<GeocodeFeatureProperties> & Pick<GeocodeFeatureProperties, 'formatted'>,
): GeocodeFeature {
  const [line1 = overrides.formatted, ...rest] = overrides.formatted.split(', ');
  const properties: GeocodeFeatureProperties = {
    address_line1: line1,
    address_line2: rest.join(', '),
    name: line1,
    country: 'United States',
    country_code: 'us',
    result_type: 'city',
    place_id: `demo:${overrides.formatted.toLowerCase().replace(/\W+/g, '-')}`,
    lat: 39.74,
    lon: -104.98,
    timezone: { name: 'America/Denver' },
    datasource: { sourcename: 'geonames', attribution: '© GeoNames' },
    rank: { match_type: 'full_match' },
    ...overrides,
  };
  return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: [properties.lon, properties.lat] } };
}

export const collection = (features: GeocodeFeature[], text = '') => ({
  type: 'FeatureCollection' as const,
  features,
  query: { text, parsed: {} },
});

export const denver = feature({ formatted: 'Denver, Colorado, United States', state: 'Colorado' });
export const denverCity = feature({
  formatted: 'Denver City, Texas, United States',
  lat: 32.96,
  lon: -102.83,
  timezone: { name: 'America/Chicago' },
});
export const denverPa = feature({
  formatted: 'Denver, Pennsylvania, United States',
  lat: 40.23,
  lon: -76.14,
  timezone: { name: 'America/New_York' },
});
export const paris = feature({
  formatted: 'Paris, Île-de-France, France',
  country: 'France',
  country_code: 'fr',
  lat: 48.8534,
  lon: 2.3488,
  timezone: { name: 'Europe/Paris' },
});
