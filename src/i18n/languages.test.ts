import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isPageLanguage, matchLanguage } from './languages';

describe('the languages a page may speak', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT', 'en'], 'pt-BR'],
    [['PT-br'], 'pt-BR'],
    [['ja', 'fr-CA', 'de'], 'fr'],
    [['es-419'], 'es'],
    [['ja', 'zh-Hans'], undefined],
    [[], undefined],
  ] as const)('a browser speaking %j reads %s', (tags, expected) => {
    expect(matchLanguage(tags)).toBe(expected);
  });

  it('reads Accept-Language by weight, then by order, and skips what is malformed', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, en;q=0.9, *;q=0.1')).toEqual(['de-CH', 'en', 'fr']);
    expect(acceptedLanguages('es;q=0, it')).toEqual(['it']);
    expect(acceptedLanguages('<script>, de;q=abc, de')).toEqual(['de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    // A header of a thousand tags is read no further than its first twenty.
    expect(acceptedLanguages(`${'x,'.repeat(1000)}de`)).toEqual(Array(20).fill('x'));
  });

  it('knows the pseudo-language as a page language but never as a person’s offer', () => {
    expect(isPageLanguage('en-XA')).toBe(true);
    expect(isPageLanguage('de')).toBe(true);
    expect(isPageLanguage('xx')).toBe(false);
    expect(isPageLanguage(undefined)).toBe(false);
  });
});
