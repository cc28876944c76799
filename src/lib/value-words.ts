// The API's values in words, in the page's language (decision 091): statuses, purposes, reasons.
// The API's codes stay as they are on the wire and in files; what a person reads is translated.
// A value without words of its own reads as the English of its code ("Action needed").
import { humanize } from '#/api/words';
import { valueWordsOf } from '#/api/value-words';
import { tr } from '#/i18n/current';

/** `AWAITING_DEPOSIT` (or `OnOff_AWAITING_DEPOSIT`) → "Awaiting deposit", in the page's language. */
export function valueInWords(value: string): string {
  const words = valueWordsOf(value);
  return words ? tr(words) : humanize(value);
}
