import { formatStreetAddress, type GeocodeFeatureProperties } from '@site/contract';

export interface SuggestionLines {
  /** Shown bold: the place or the street address. */
  primary: string;
  /** Shown dimmed: the rest of the address (may be empty). */
  secondary: string;
}

/**
 * The two lines of a suggestion row. When the result has a house number and a street, the street
 * address in line 1 is written in the order its country uses (docs/product.md#constants: four patterns), e.g.
 * "221B Baker Street" in the UK but "Hauptstraße 5" in Germany and "Via Roma, 10" in Italy.
 */
export function suggestionLines(p: GeocodeFeatureProperties): SuggestionLines {
  const secondary = p.address_line2 === p.address_line1 ? '' : p.address_line2;
  const street = p.street?.trim();
  const number = p.housenumber?.trim();
  if (!street || !number) return { primary: p.address_line1, secondary };
  const ordered = formatStreetAddress(p.country_code, street, number);
  const written = [`${number} ${street}`, `${street} ${number}`, `${street}, ${number}`, `${number}, ${street}`];
  const found = written.find((variant) => p.address_line1.includes(variant));
  // Line 1 of a named place (an amenity) is its name; the street address then stays in line 2.
  if (!found) return { primary: p.address_line1, secondary };
  return { primary: p.address_line1.replace(found, ordered), secondary };
}
