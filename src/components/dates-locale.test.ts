import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf } from './dates-locale';

describe('the calendar’s language', () => {
  it.each([
    ['de-DE', 'de'],
    ['de-CH', 'de-ch'],
    ['en-GB', 'en-gb'],
    ['pt-BR', 'pt-br'],
    ['fr-FR', 'fr'],
    ['en-US', undefined],
    ['xx-YY', undefined],
  ])('takes for %s the file %s', (tag, file) => {
    expect(dayjsLocaleOf(tag)).toBe(file);
  });
});
