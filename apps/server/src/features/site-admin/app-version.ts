import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../server-root.js';

/**
 * The site's version as the admin status shows it: the `version` of the repository's root
 * package.json, read once at start, or 'unknown' when the
 * file is not deployed beside the server.
 */
export function appVersion(rootPackageJson = path.join(serverRoot, '../../package.json')): string {
  try {
    const version = (JSON.parse(fs.readFileSync(rootPackageJson, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && version ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
