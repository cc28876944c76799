// The money controls in words, for the settings, the inbox and the pages that show approvals.
import { POLICY_WORDS, policySaid } from '#/api/policy-words';
import { saidOf } from '#/i18n/said-data';
import { formatAmount } from '#/lib/format';
import { tr, trSaid } from '#/i18n/current';

export const approversInWords = (n: number) => tr(POLICY_WORDS.approvers, { n });

/**
 * A policy as a sentence, with the person's number formats: "Deposit approval of any product, when
 * the payout is 5,000.00 EUR or more, needs 2 approvers." The wording is the server's too
 * (src/api/policy-words.ts).
 */
export const policyInWords = (
  p: Parameters<typeof policySaid>[0],
  /** The workspace's base currency, for a base-currency policy. */
  baseCurrency = 'EUR',
): string =>
  trSaid(
    saidOf(
      policySaid(p, baseCurrency),
      ({ amount, currency }) =>
        () =>
          formatAmount(amount, currency),
    ),
  );
