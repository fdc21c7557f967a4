import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { serverRoot } from '../../server-root.js';

/**
 * Reads the demo geocoder's data files (apps/server/geodata/), written by scripts/geodata.mjs from
 * npm packages whose own file formats we do not read (that script describes the format): a JSON
 * header and typed-array or text sections.
 */
const GEODATA_DIR = path.join(serverRoot, 'geodata');

type ArrayType = Int32ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;

interface Section {
  type: string;
  offset: number;
  /** Elements (bytes, for text). */
  length: number;
}

export interface GeodataFile<Header> {
  header: Header;
  /** A section's numbers, copied: the file's buffer is not kept alive by them. */
  array<T extends ArrayType>(name: string, type: T): InstanceType<T>;
  text(name: string): string;
}

export function readGeodata<Header extends { format: string }>(file: string, format: string): GeodataFile<Header> {
  // The sections are written little-endian, as every machine Node supports runs them.
  if (os.endianness() !== 'LE') throw new Error('geodata files are little-endian');
  const bytes = zlib.gunzipSync(fs.readFileSync(path.join(GEODATA_DIR, file)));
  const headerLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)) as Header & {
    sections: Record<string, Section>;
  };
  if (header.format !== format) throw new Error(`${file} is ${header.format}, not ${format}: run scripts/geodata.mjs`);
  const base = 4 + headerLength;
  const section = (name: string, type: string) => {
    const found = header.sections[name];
    if (found?.type !== type) throw new Error(`${file} has no ${type} section ${name}`);
    return found;
  };
  return {
    header,
    array<T extends ArrayType>(name: string, type: T) {
      const { offset, length } = section(name, type.name);
      const out = new type(length) as InstanceType<T>;
      const start = base + offset;
      new Uint8Array(out.buffer).set(bytes.subarray(start, start + length * type.BYTES_PER_ELEMENT));
      return out;
    },
    text(name: string) {
      const { offset, length } = section(name, 'utf8');
      return bytes.toString('utf8', base + offset, base + offset + length);
    },
  };
}
