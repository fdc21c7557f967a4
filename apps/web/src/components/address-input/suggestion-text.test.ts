import { describe, expect, it } from 'vitest';
import { suggestionLines } from './suggestion-text';
import { feature } from './test-fixtures';

const building = (country_code: string, line1: string, street: string, housenumber: string) =>
  feature({
    formatted: `${line1}, Somewhere`,
    address_line1: line1,
    address_line2: 'Somewhere',
    country_code,
    result_type: 'building',
    street,
    housenumber,
  }).properties;

describe('suggestionLines', () => {
  it('shows address_line1 first and address_line2 second', () => {
    expect(suggestionLines(feature({ formatted: 'Denver, Colorado, United States' }).properties)).toEqual({
      primary: 'Denver',
      secondary: 'Colorado, United States',
    });
  });

  it('drops a second line that repeats the first', () => {
    const p = feature({ formatted: 'France', address_line1: 'France', address_line2: 'France' }).properties;
    expect(suggestionLines(p)).toEqual({ primary: 'France', secondary: '' });
  });

  it.each([
    ['us', '1600 Pennsylvania Avenue', 'Pennsylvania Avenue', '1600', '1600 Pennsylvania Avenue'],
    ['us', 'Pennsylvania Avenue 1600', 'Pennsylvania Avenue', '1600', '1600 Pennsylvania Avenue'],
    ['de', '5 Hauptstraße', 'Hauptstraße', '5', 'Hauptstraße 5'],
    ['it', 'Via Roma 10', 'Via Roma', '10', 'Via Roma, 10'],
    ['in', 'MG Road 12', 'MG Road', '12', '12, MG Road'],
    ['gb', 'Baker Street 221B', 'Baker Street', '221B', '221B Baker Street'],
  ])('orders house number and street for %s: %s', (country, line1, street, number, expected) => {
    expect(suggestionLines(building(country, line1, street, number)).primary).toBe(expected);
  });

  it('keeps the name of a named place as line 1', () => {
    const p = feature({
      formatted: 'Eiffel Tower, 5 Avenue Anatole France, 75007 Paris, France',
      address_line1: 'Eiffel Tower',
      address_line2: '5 Avenue Anatole France, 75007 Paris, France',
      country_code: 'fr',
      result_type: 'amenity',
      street: 'Avenue Anatole France',
      housenumber: '5',
    }).properties;
    expect(suggestionLines(p)).toEqual({
      primary: 'Eiffel Tower',
      secondary: '5 Avenue Anatole France, 75007 Paris, France',
    });
  });
});
