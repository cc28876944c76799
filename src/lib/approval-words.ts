// Who approves, in words (decision 091): names listed as the page's language lists them, why
// someone cannot approve and who can, and who gave a decision. Shared by every screen that shows
// an approval (the inbox, a transaction, a bulk file, a bank-detail change).
import { msg } from '@lingui/core/macro';
import { currentI18n, tr } from '#/i18n/current';

/**
 * A list of names in words as the page's language lists them: "Aiko", "Aiko and Bruno", "Aiko,
 * Bruno and Chen"; "Aiko und Bruno" in German.
 */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return new Intl.ListFormat(currentI18n().locale, { type: 'conjunction' }).format(names);
}

/**
 * Why the signed-in person cannot give an approval, and who can: "You created this transaction,
 * so someone else must approve it (separation of duties). Aiko and Bruno can approve it."
 */
export function whyNotInWords(state: { why: string | null; whoCan: readonly string[] }): string {
  const names = namesInWords(state.whoCan);
  const who =
    state.whoCan.length > 0
      ? tr(
          msg({
            message:
              '{count, plural, one {{names} can approve it.} other {{names} can approve it.}}',
          }),
          { count: state.whoCan.length, names },
        )
      : tr(
          msg`Nobody in the team can approve it now: an admin can give someone the Approver role.`,
        );
  return `${state.why ?? ''} ${who}`.trim();
}

/** Who gave a decision: "Ana Finance on behalf of Bruno Approver" for a delegate's (088). */
export const deciderName = (d: { userName: string; forUserName?: string | null | undefined }) => {
  const { userName, forUserName } = d;
  return forUserName ? tr(msg`${userName} on behalf of ${forUserName}`) : userName;
};
