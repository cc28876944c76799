import { COUNTRY_NAMES } from '#/api/countries';
import type { Country } from '#/api/schemas/reference';

/** The public list, as `GET /v1/country/` serves it, sorted by code. */
export const COUNTRIES: readonly Country[] = Object.entries(COUNTRY_NAMES).map(
  ([countryIso, name]) => ({ countryIso, name }),
);
