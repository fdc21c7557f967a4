import { describe, expect, it } from 'vitest';
import { loginRequestSchema, signupRequestSchema, usernameSchema } from './auth.js';

describe('auth schemas', () => {
  it('accepts usernames of letters, digits, _ . - between 3 and 30 characters, trimmed', () => {
    for (const name of ['abc', 'a.b-c_d', 'X'.repeat(30), '  padded  ']) {
      expect(usernameSchema.safeParse(name).success).toBe(true);
    }
    expect(usernameSchema.parse('  padded  ')).toBe('padded');
  });

  it.each([
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be at most 30 characters'],
    ['has space', 'Username may contain only letters, digits, _ . and -'],
    ['émile', 'Username may contain only letters, digits, _ . and -'],
    ['ADMIN', 'This username is reserved'],
  ])('refuses %j with %j', (name, message) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('normalises and checks signup fields', () => {
    const ok = signupRequestSchema.parse({ username: ' sam ', email: ' sam@example.com ', password: '12345678' });
    expect(ok).toEqual({ username: 'sam', email: 'sam@example.com', password: '12345678' });
    const bad = signupRequestSchema.safeParse({ username: 'sam', email: 'nope', password: '1234567' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'password']);
  });

  it('only requires presence at login, with the seed messages', () => {
    const result = loginRequestSchema.safeParse({ username: '', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Username is required', 'Password is required']);
    expect(loginRequestSchema.safeParse({ username: 'old name with space', password: 'x' }).success).toBe(true);
  });
});
