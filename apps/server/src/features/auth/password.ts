import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2; the package's enum is a const enum that isolated modules cannot import)
// with OWASP's second recommended profile: 19 MiB, 2 passes, one lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // A malformed stored hash is a failed login, not a crash.
  }
}
