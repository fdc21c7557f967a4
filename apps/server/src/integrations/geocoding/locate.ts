import { countryName } from './demo-geocoder.js';
import { distanceKm, gazetteer } from './gazetteer.js';

/** Names a coordinate's country (and nearby place) when a request has no address. */
export type Locator = (lat: number, lon: number) => { countryCode: string; label: string | undefined } | undefined;

/**
 * Names a bare coordinate from the gazetteer: the country of the nearest city within 100 km, and
 * "City, Region, Country" when that city is within 15 km. Used when a weather request has no
 * address or country code.
 */
export const locateInGazetteer: Locator = (lat, lon) => {
  const g = gazetteer();
  const i = g.nearest(lat, lon, 100);
  if (i === undefined) return undefined;
  const city = g.city(i);
  const near = distanceKm(lat, lon, city.lat, city.lon) <= 15;
  const region = city.region && city.region !== city.name ? city.region : undefined;
  return {
    countryCode: city.countryCode,
    label: near ? [city.name, region, countryName(city.countryCode)].filter(Boolean).join(', ') : undefined,
  };
};
