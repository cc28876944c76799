// Phone numbers as people type them (docs/decisions/028): "+49", "0049" or "49" for the country
// calling code; "030 2345 6789", "(030) 2345-6789" or "+49 30 2345 6789" for the number. The API
// takes digits only (1-4 for the code, 4-15 for the number); the form sends those.
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

/** The country's calling code ("DE" → "49"); undefined for a country without one. */
export function callingCode(countryIso: string | null | undefined): string | undefined {
  const iso = (countryIso ?? '').toUpperCase();
  return isSupportedCountry(iso) ? getCountryCallingCode(iso) : undefined;
}

/** A calling code as typed, as the API takes it: "+49", "0049" and " 49 " are all "49". */
export function plainCallingCode(typed: string): string {
  const compact = typed.replace(/[\s\u00a0().-]/g, '');
  if (/^\+\d+$/.test(compact)) return compact.slice(1);
  if (/^00\d+$/.test(compact)) return compact.slice(2);
  return compact;
}

/**
 * A phone number as typed, as the API takes it: the national number in digits, without the trunk
 * "0" a country dials before it at home, nor the calling code when it was typed in front. What is
 * not a phone number stays as typed (without its spaces and punctuation), for the form to refuse.
 */
export function plainPhone(
  typed: string,
  code: string,
  countryIso?: string | null,
): { phone: string; code: string } {
  const compact = typed.replace(/[\s\u00a0().\-/]/g, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  if (!/^(\+|00)?\d+$/.test(compact)) return { phone: compact, code };
  const iso = (countryIso ?? '').toUpperCase();
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    parsed = international
      ? parsePhoneNumberFromString(`+${compact.replace(/^(\+|00)/, '')}`)
      : /^\d{1,4}$/.test(code)
        ? parsePhoneNumberFromString(compact, { defaultCallingCode: code })
        : isSupportedCountry(iso)
          ? parsePhoneNumberFromString(compact, iso)
          : undefined;
  } catch {
    // A calling code no country has: the number stays as typed, for the form to judge.
    parsed = undefined;
  }
  if (parsed?.isPossible()) {
    // A code typed in front of the number wins; one typed in its own field is kept as typed.
    const foundCode = international || !code ? parsed.countryCallingCode : code;
    return { phone: parsed.nationalNumber, code: foundCode };
  }
  return { phone: compact.replace(/^(\+|00)/, ''), code };
}

/** A stored phone as people read it: "+49 30 23456789"; as stored when it cannot be parsed. */
export function formatPhone(code: string | null | undefined, phone: string): string {
  if (!code) return phone;
  try {
    const parsed = parsePhoneNumberFromString(`+${code}${phone}`);
    if (parsed?.isPossible()) return parsed.formatInternational();
  } catch {
    // Not a number any country dials: shown as stored.
  }
  return `+${code} ${phone}`;
}
