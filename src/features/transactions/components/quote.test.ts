import { describe, expect, it } from 'vitest';
import { formatRate } from '#/lib/format';

describe('rates on screen', () => {
  it('keep seven significant digits whatever their size', () => {
    expect(formatRate(104.9866666)).toBe('104.9867');
    expect(formatRate(1.07632)).toBe('1.076320');
    expect(formatRate(0.000012345678)).toBe('0.00001234568');
    expect(formatRate(15234.5)).toBe('15,234.50');
  });
});
