import { hash, verify } from '@node-rs/argon2';

type HashOptions = { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number };

// argon2id (algorithm 2; the package's enum is a const enum that isolated modules cannot import)
// with OWASP's second recommended profile: 19 MiB, 2 passes, one lane.
export const PRODUCTION_HASH_OPTIONS: HashOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// The least argon2id accepts (8 KiB per lane, one pass): a hash in well under a millisecond, so
// tests that sign up and log in hundreds of times spend their time on what they test.
const CHEAP_HASH_OPTIONS: HashOptions = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 };

let options = PRODUCTION_HASH_OPTIONS;

/**
 * Test set-up only (apps/server/src/test/setup.ts): new hashes use the cheapest parameters. Stored
 * hashes carry their own parameters, so verifying is unaffected; production never calls this.
 */
export function useCheapPasswordHashesForTests() {
  options = CHEAP_HASH_OPTIONS;
}

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // A malformed stored hash is a failed login, not a crash.
  }
}
