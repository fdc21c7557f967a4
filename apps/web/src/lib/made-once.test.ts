import { describe, expect, it, vi } from 'vitest';
import { madeOnce } from './made-once';

describe('madeOnce', () => {
  it('makes the value when first asked, then gives the same one', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = madeOnce(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a made undefined too', () => {
    const make = vi.fn(() => undefined);
    const value = madeOnce(make);
    value();
    value();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
