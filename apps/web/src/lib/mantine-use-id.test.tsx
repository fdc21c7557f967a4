import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

describe('useId (stands in for Mantine’s)', () => {
  it('gives the static id when there is one', () => {
    expect(renderHook(() => useId('given')).result.current).toBe('given');
  });

  it('gives a mantine- id from React’s, the same on every render', () => {
    const { result, rerender } = renderHook(() => useId());
    const first = result.current;
    expect(first).toMatch(/^mantine-/);
    expect(first).not.toContain(':');
    rerender();
    expect(result.current).toBe(first);
  });

  it('gives each component its own id', () => {
    const a = renderHook(() => useId()).result.current;
    const b = renderHook(() => useId()).result.current;
    expect(a).not.toBe(b);
  });
});
