// Formatting for the screen: money by its currency's decimals (without floats), times in local
// time, enum values in words.
import { formatAmount } from '#/api/money';
import { humanize } from '#/api/words';

export { formatAmount, humanize };

export function formatMoney(amount: string, symbol: string): string {
  return `${formatAmount(amount, symbol)} ${symbol}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const exact = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});

export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

export function formatExactTime(ms: number): string {
  return exact.format(ms);
}

/** A list of names in words: "Aiko", "Aiko and Bruno", "Aiko, Bruno and Chen". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Why the signed-in person cannot give an approval, and who can: "You created this transaction,
 * so someone else must approve it (separation of duties). Aiko and Bruno can approve it."
 */
export function whyNotInWords(state: { why: string | null; whoCan: readonly string[] }): string {
  const who =
    state.whoCan.length > 0
      ? `${namesInWords(state.whoCan)} can approve it.`
      : 'Nobody in the team can approve it now: an admin can give someone the Approver role.';
  return `${state.why ?? ''} ${who}`.trim();
}
