import type {
  GeocodeAutocompleteResponse,
  GeocodeBias,
  GeocodeFeature,
  GeocodeFeatureProperties,
  GeocodeFilter,
  GeocodeType,
} from '@site/contract';
import { zoneAt } from '../time-zones.js';

export interface AutocompleteRequest {
  text: string;
  type?: GeocodeType | undefined;
  limit: number;
  lang?: string | undefined;
  filter: GeocodeFilter;
  bias: GeocodeBias;
}

/** An address search backend: the demo gazetteer, Geoapify, or Photon. */
export interface GeocodingProvider {
  autocomplete(request: AutocompleteRequest): Promise<GeocodeAutocompleteResponse>;
  /** The place with this id, or undefined when there is none. */
  place(id: string, lang?: string): Promise<GeocodeFeature | undefined>;
}

/** Builds a Point feature; fills `formatted`, `name` and `timezone` when the source left them out. */
export function feature(
  props: Omit<GeocodeFeatureProperties, 'formatted' | 'name' | 'timezone'> &
    Partial<Pick<GeocodeFeatureProperties, 'formatted' | 'name' | 'timezone'>>,
): GeocodeFeature {
  const formatted = props.formatted || [props.address_line1, props.address_line2].filter(Boolean).join(', ');
  return {
    type: 'Feature',
    properties: {
      ...props,
      formatted,
      name: props.name || props.address_line1,
      timezone: props.timezone ?? { name: zoneAt(props.lat, props.lon) },
    },
    geometry: { type: 'Point', coordinates: [props.lon, props.lat] },
  };
}
