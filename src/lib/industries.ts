// Industries in words, as a person reads them in the page's language (the API's codes are
// upper-case with underscores).
import type { Industry } from '#/api/schemas/merchant';
import { INDUSTRY_WORDS as INDUSTRY_LABEL } from '#/api/value-words';
import { currentI18n, tr } from '#/i18n/current';

/** A stored industry in words; an unknown code as it came. */
export const industryLabel = (code: string | null | undefined): string =>
  code ? (code in INDUSTRY_LABEL ? tr(INDUSTRY_LABEL[code as Industry]) : code) : '';

/** The industries as the choices of a select, in the alphabetical order of the page's words. */
export const industryChoices = () =>
  Object.entries(INDUSTRY_LABEL)
    .map(([value, label]) => ({ value, label: tr(label) }))
    .sort((a, b) => a.label.localeCompare(b.label, currentI18n().locale));
