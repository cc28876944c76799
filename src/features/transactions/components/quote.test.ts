import { describe, expect, it } from 'vitest';
import { formatRate } from '#/lib/format';

describe('rates on screen', () => {
  it('show every digit the API gave, none added and none cut (decision 067)', () => {
    expect(formatRate(104.9866666)).toBe('104.9866666');
    expect(formatRate(0.9124423963)).toBe('0.9124423963');
    expect(formatRate('0.9124423963')).toBe('0.9124423963');
    expect(formatRate(1.07632)).toBe('1.07632');
    expect(formatRate(82.5)).toBe('82.5');
    expect(formatRate(0.000000012345678)).toBe('0.000000012345678');
    expect(formatRate(15234.5)).toBe('15,234.5');
  });
});
