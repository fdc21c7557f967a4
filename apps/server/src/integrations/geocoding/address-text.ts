import type { GeocodeParsedQuery } from '@site/contract';
import { titleCase } from './text.js';

/**
 * How the demo geocoder reads typed text, in the spirit of Geoapify's `query.parsed`:
 * "221B Baker Street, London" → housenumber 221B, street Baker Street, place London;
 * "Hauptstrasse 5, 8001 Zürich, CH" → street, number, postcode 8001, place Zürich, qualifier CH;
 * "Springfield, IL" → place Springfield, qualifier IL; "90210" → postcode.
 */
export interface AddressText {
  housenumber?: string;
  street?: string;
  postcode?: string;
  /** The place name to look up (a city, region or country). */
  place: string;
  /** Further comma-separated parts narrowing the place: region or country names or codes. */
  qualifiers: string[];
}

const NUMBER = String.raw`\d+[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?`;
const NUMBER_FIRST = new RegExp(String.raw`^(${NUMBER})\s+(\D.*)$`);
const NUMBER_LAST = new RegExp(String.raw`^(\D.*?)\s+(${NUMBER})$`);
const STREET_WORDS =
  /\b(street|st|road|rd|avenue|ave|av|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl|terrace|highway|hwy|parkway|pkwy|square|sq|strasse|straße|str|gasse|weg|platz|allee|ring|damm|rue|avenue|chemin|via|viale|piazza|calle|carrer|avenida|rua|laan|straat|gracht|ulica|ul)\b\.?/i;
const POSTCODE_PART = /^(?:(.*?)\s+)?(\d{4,5}(?:-\d{4})?)(?:\s+(.*))?$/;

function looksLikeStreet(text: string) {
  return STREET_WORDS.test(text) || /(strasse|straße|gasse|weg|platz|straat|laan)$/i.test(text);
}

export function parseAddressText(input: string): AddressText {
  const parts = input
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  const result: AddressText = { place: '', qualifiers: [] };
  if (parts.length === 0) return result;

  // A bare postcode: "90210", "10115".
  if (parts.length === 1 && /^\d{3,5}(-\d{4})?$/.test(parts[0] as string)) {
    result.postcode = parts[0] as string;
    return result;
  }

  let first = parts[0] as string;
  const rest = parts.slice(1);
  const numberFirst = first.match(NUMBER_FIRST);
  const numberLast = first.match(NUMBER_LAST);
  if (rest.length > 0 || looksLikeStreet(first)) {
    if (numberFirst && (rest.length > 0 || looksLikeStreet(numberFirst[2] as string))) {
      result.housenumber = numberFirst[1];
      result.street = titleCase(numberFirst[2] as string);
      first = '';
    } else if (numberLast && (rest.length > 0 || looksLikeStreet(numberLast[1] as string))) {
      result.street = titleCase(numberLast[1] as string);
      result.housenumber = numberLast[2];
      first = '';
    } else if (rest.length > 0 && looksLikeStreet(first)) {
      // "Via Roma, 10, Milano" and "Rue de Rivoli, Paris".
      result.street = titleCase(first);
      first = '';
      if (rest[0] && /^\d+[a-zA-Z]?$/.test(rest[0])) result.housenumber = rest.shift();
    }
  }

  const remaining = first ? [first, ...rest] : rest;
  const names: string[] = [];
  for (const part of remaining) {
    const m = part.match(POSTCODE_PART);
    if (m && !result.postcode) {
      // "8001 Zürich", "CA 90210", "Beverly Hills 90210": the number is the postcode.
      result.postcode = m[2];
      const words = [m[1], m[3]].filter((w): w is string => Boolean(w?.trim()));
      if (words.length) names.push(words.join(' '));
    } else {
      names.push(part);
    }
  }
  result.place = names[0] ?? '';
  result.qualifiers = names.slice(1);
  return result;
}

/** Geoapify-style `query.parsed` for the response. */
export function parsedQuery(text: AddressText, expected: string): GeocodeParsedQuery {
  const parsed: GeocodeParsedQuery = {};
  if (text.housenumber) parsed.housenumber = text.housenumber;
  if (text.street) parsed.street = text.street.toLowerCase();
  if (text.postcode) parsed.postcode = text.postcode;
  if (text.place) parsed.city = text.place.toLowerCase();
  if (text.qualifiers[0]) parsed.state = text.qualifiers[0].toLowerCase();
  if (text.qualifiers[1]) parsed.country = text.qualifiers[1].toLowerCase();
  parsed.expected_type = expected;
  return parsed;
}
