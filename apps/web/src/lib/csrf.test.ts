import * as contract from '@site/contract';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf';

describe('CSRF names', () => {
  it('are the contract’s', () => {
    expect(CSRF_COOKIE).toBe(contract.CSRF_COOKIE);
    expect(CSRF_HEADER).toBe(contract.CSRF_HEADER);
  });
});
