import { describe, expect, it } from 'vitest';
import { formatBytes, formatRate, formatUptime } from './admin-format';

describe('admin formats', () => {
  it('writes sizes in powers of 1000 and a dash for an unknown size', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5_242_880)).toBe('5.2 MB');
    expect(formatBytes(73_400_320)).toBe('73 MB');
    expect(formatBytes(null)).toBe('—');
  });

  it('writes uptime in days, hours and minutes', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(3_660)).toBe('1 h 1 min');
    expect(formatUptime(90_061)).toBe('1 d 1 h 1 min');
    expect(formatUptime(86_400)).toBe('1 d 0 h 0 min');
  });

  it('writes error rates as percentages', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.031)).toBe('3.1%');
    expect(formatRate(0.5)).toBe('50%');
  });
});
