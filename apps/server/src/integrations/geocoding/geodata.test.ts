import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../server-root.js';

const root = path.resolve(serverRoot, '../..');
const committed = path.join(root, 'apps/server/geodata');
const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'geodata-'));
afterAll(() => fs.rmSync(fresh, { recursive: true, force: true }));

describe('the demo geocoder’s data files (apps/server/geodata)', () => {
  it('are what scripts/geodata.mjs writes from the installed packages', async () => {
    await promisify(execFile)(process.execPath, [path.join(root, 'scripts/geodata.mjs'), fresh], { cwd: root });
    const files = fs.readdirSync(committed).sort();
    expect(files).toEqual(['gazetteer.bin.gz', 'us-zip-codes.bin.gz']);
    expect(fs.readdirSync(fresh).sort()).toEqual(files);
    for (const file of files) {
      // Compared unzipped: another zlib may compress the same bytes differently.
      const was = zlib.gunzipSync(fs.readFileSync(path.join(committed, file)));
      const now = zlib.gunzipSync(fs.readFileSync(path.join(fresh, file)));
      expect(now.equals(was), `${file} differs: run node scripts/geodata.mjs and commit apps/server/geodata`).toBe(
        true,
      );
    }
  });
});
