import { describe, expect, it, vi } from 'vitest';
import { hashPassword, PRODUCTION_HASH_OPTIONS, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with OWASP’s argon2id profile (19 MiB, 2 passes, one lane) unless test set-up says otherwise', async () => {
    expect(PRODUCTION_HASH_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // A fresh copy of the module, as production loads it: the test set-up never touched this one.
    vi.resetModules();
    const fresh = await import('./password.js');
    const stored = await fresh.hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await fresh.verifyPassword(stored, 'correct horse battery')).toBe(true);
  });

  it('uses cheap parameters in tests, and a hash of either profile verifies with its own', async () => {
    const cheap = await hashPassword('correct horse battery');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
