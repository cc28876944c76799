import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '#/api/schemas/merchant';
import { industryChoices, industryLabel } from './industries';

describe('industries in words', () => {
  it('offers every code once, in alphabetical order of its words', () => {
    const choices = industryChoices();
    expect(choices.map((c) => c.value).sort()).toEqual([...INDUSTRIES].sort());
    const labels = choices.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(labels[0]).toBe('Agriculture, forestry and wildlife');
  });

  it('shows a stored code in words, and an unknown one as it came', () => {
    expect(industryLabel('FINANCE_INSURANCE')).toBe('Finance and insurance');
    expect(industryLabel('SPACE_TRAVEL')).toBe('SPACE_TRAVEL');
    expect(industryLabel(null)).toBe('');
  });
});
