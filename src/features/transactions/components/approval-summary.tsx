// What an approver approves, before they approve it (docs/decisions/041): both amounts, the
// rate and its markup against a reference rate where the API gives one, until when the quote may
// be approved (counting down), who is paid by name with "first payment to this account", the
// policy that applies and who has approved so far.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Badge, Code, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNow } from '#/lib/use-now';
import type { QuoteInfo, TransactionApproval, TransactionControls } from '#/api/controls';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { DateTime } from '#/components/date-time';
import { Money } from '#/components/money';
import { formatMoney, formatPercent, formatRate } from '#/lib/format';
import { namesInWords, deciderName } from '#/lib/approval-words';
import { CurrentQuoteNote } from './quote';
import { PairRate } from '#/components/rate';
import { WRAPPING_BADGE } from '#/components/wrapping';

/** "in 23 h 59 min", "in 4 min 10 s": how long until `at`. */
export function timeLeft(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((at - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return tr(msg`in ${h} h ${m} min`);
  if (m > 0) return tr(msg`in ${m} min ${s} s`);
  return tr(msg`in ${s} s`);
}

/** What an expired quote means, and what to do: said on the page, the timeline and the dialog. */
export const QUOTE_EXPIRED = {
  get what() {
    return tr(msg`The quote has expired: it can no longer be approved.`);
  },
  get todo() {
    return tr(
      msg`Whoever creates transactions quotes it again: Copy as new, then cancel this one.`,
    );
  },
  get who() {
    return tr(msg`Finance`);
  },
};

/** Whether the quote an approval waits for has expired, as the server last said. */
export const quoteExpired = (controls: TransactionControls | undefined) =>
  controls?.quote?.expired ?? false;

/**
 * What the API says of the client's deposit, for whoever approves it (docs/decisions/066): what
 * was received, when, and where it was sent to; or that nothing has been reported, and what to
 * check before approving.
 */
export function DepositEvidence({ product, t }: { product: Product; t: Transaction }) {
  const { t: say } = useLingui();
  const wallet = t.walletDetails?.walletAddress;
  const bank = t.bankDetails;
  const where =
    product === 'sendc2f' ? (
      wallet ? (
        <Trans>
          the wallet address <Code style={{ overflowWrap: 'anywhere' }}>{wallet}</Code>
        </Trans>
      ) : (
        say`the wallet address on this page`
      )
    ) : bank ? (
      <Trans>
        <span translate="no">{bank.nameOnAccount}</span> at{' '}
        <span translate="no">{bank.bankName}</span>, reference <Code>{bank.reference}</Code>
      </Trans>
    ) : (
      say`the bank account on this page`
    );
  if (t.depositReceivedAmount !== null || t.depositReceivedDate !== null) {
    const amount = (
      <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} fw={600} />
    );
    const when = <DateTime value={t.depositReceivedDate} />;
    return (
      <Alert
        color="green"
        variant="light"
        title={say`Deposit received`}
        data-testid="deposit-evidence"
      >
        <Text size="sm">
          <Trans>
            {amount} received {when}, sent to {where}.
          </Trans>
        </Text>
      </Alert>
    );
  }
  const expected = t.fromAmount ? <b>{formatMoney(t.fromAmount, t.fromCurrencySymbol)}</b> : null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={say`No deposit reported yet`}
      data-testid="deposit-evidence"
    >
      <Text size="sm">
        {expected ? (
          <Trans>
            The API has not reported the client’s deposit of {expected}. Approve only once you have
            seen it arrive yourself, sent to {where}. Approving tells the payments service that it
            has arrived, and the payout follows.
          </Trans>
        ) : (
          <Trans>
            The API has not reported the client’s deposit. Approve only once you have seen it arrive
            yourself, sent to {where}. Approving tells the payments service that it has arrived, and
            the payout follows.
          </Trans>
        )}
      </Text>
    </Alert>
  );
}

/** "Expires in 4 min 10 s (26 Nov 2026, 14:05)", or "Expired (…)". */
function QuoteExpiryWords({ expired, at, left }: { expired: boolean; at: number; left: string }) {
  const when = <DateTime value={at} />;
  return expired ? (
    <Trans>Expired ({when})</Trans>
  ) : (
    <Trans>
      Expires {left} ({when})
    </Trans>
  );
}

/** A live countdown to a quote's expiry, or that it has expired. */
export function QuoteExpiry({ quote }: { quote: Pick<QuoteInfo, 'expiresAt' | 'expired'> }) {
  const now = useNow(1_000);
  if (quote.expiresAt === null) return null;
  const expired = quote.expired || quote.expiresAt <= now;
  return (
    <Text
      span
      size="sm"
      c={expired ? 'var(--mantine-color-error)' : undefined}
      data-testid="quote-expiry"
    >
      <QuoteExpiryWords
        expired={expired}
        at={quote.expiresAt}
        left={timeLeft(quote.expiresAt, now)}
      />
    </Text>
  );
}

/**
 * The first rows of every table of what an approval moves: the payout, and the deposit (fees
 * included), marked when it is today's price rather than the API's quote.
 */
export function MovingRows({
  t,
  deposit,
  current,
}: {
  t: Pick<Transaction, 'toAmount' | 'toCurrencySymbol'>;
  deposit: ReactNode;
  current: boolean;
}) {
  return (
    <>
      <Table.Tr>
        <Table.Th w={{ base: 112, xs: 170 }}>
          <Trans>Payout</Trans>
        </Table.Th>
        <Table.Td>
          <Money amount={t.toAmount} symbol={t.toCurrencySymbol} fw={600} />
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Th>
          <Trans>Deposit, fees included</Trans>
        </Table.Th>
        <Table.Td>
          {deposit}
          {current && <CurrentQuoteNote />}
        </Table.Td>
      </Table.Tr>
    </>
  );
}

export function ApprovalSummary({
  transaction: t,
  controls,
  action,
}: {
  transaction: Transaction;
  controls: TransactionControls;
  action: TransactionApproval;
}) {
  const { t: say } = useLingui();
  const { quote, recipient } = controls;
  const state = controls.actions[action];
  const approvals = controls.approvals.find((a) => a.action === action && a.status === 'pending');
  const approvedBy = (approvals?.decisions ?? [])
    .filter((d) => d.decision === 'approve')
    .map(deciderName);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={say`What you approve`}>
      <Table.Tbody>
        <MovingRows
          t={t}
          deposit={
            quote?.depositAmount ? (
              <Money amount={quote.depositAmount} symbol={t.fromCurrencySymbol} fw={600} />
            ) : (
              <Text span size="sm" c="dimmed">
                <Trans>not quoted yet</Trans>
              </Text>
            )
          }
          current={quote?.source === 'priceNow'}
        />
        <Table.Tr>
          <Table.Th>
            <Trans>Rate</Trans>
          </Table.Th>
          <Table.Td>
            {quote?.rate ? (
              <>
                <PairRate
                  from={t.fromCurrencySymbol}
                  to={t.toCurrencySymbol}
                  rate={quote.rate}
                  derived={!quote.rateGiven}
                />
                {quote.markupPercent !== null && quote.referenceRate !== null && (
                  <Text size="xs" c="dimmed" data-testid="quote-markup">
                    {say`${formatPercent(quote.markupPercent)} below the reference rate of ${formatRate(quote.referenceRate)}`}
                  </Text>
                )}
              </>
            ) : (
              <Text span size="sm" c="dimmed">
                <Trans>not available</Trans>
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        {quote?.fee && (
          <Table.Tr>
            <Table.Th>
              <Trans>Fee, in the deposit</Trans>
            </Table.Th>
            <Table.Td>
              <Money amount={quote.fee} symbol={t.fromCurrencySymbol} data-testid="quote-fee" />
            </Table.Td>
          </Table.Tr>
        )}
        {action === 'approveQuote' && quote?.expiresAt !== null && quote && (
          <Table.Tr>
            <Table.Th>
              <Trans>Quote</Trans>
            </Table.Th>
            <Table.Td>
              <QuoteExpiry quote={quote} />
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th>
            <Trans>Pays</Trans>
          </Table.Th>
          <Table.Td>
            {recipient ? (
              <>
                <Text span size="sm" fw={600} translate="no">
                  {recipient.accountHolderName}
                </Text>
                <Text size="sm" c="dimmed" translate="no">
                  {recipient.bankName}, {recipient.number}, {recipient.countryIso}
                </Text>
                {!recipient.recorded && (
                  <Text size="xs" c="dimmed" data-testid="payee-read-now">
                    <Trans>
                      As the account reads now: this payment was not created in the dashboard
                    </Trans>
                  </Text>
                )}
                {recipient.firstPayment && (
                  <Badge color="orange" variant="light" radius="sm" mt={4} styles={WRAPPING_BADGE}>
                    <Trans>First payment to this account</Trans>
                  </Badge>
                )}
              </>
            ) : (
              <Text span size="sm">
                {say`Payout account #${t.toBusinessExternalAccountId}`}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>
            <Trans>Asked by</Trans>
          </Table.Th>
          <Table.Td>
            {controls.creator ? (
              <Text span size="sm" translate="no">
                {controls.creator.name}
              </Text>
            ) : (
              <Text span size="sm" c="dimmed">
                <Trans>Made outside the dashboard: nobody is recorded</Trans>
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>
            <Trans>Needs</Trans>
          </Table.Th>
          <Table.Td>
            <Text span size="sm">
              {state.policy
                ? tr(
                    msg({
                      message:
                        '{n, plural, one {# approver, as a policy asks} other {# approvers, as a policy asks}}',
                    }),
                    { n: state.required },
                  )
                : tr(
                    msg({
                      message:
                        '{n, plural, one {# approver (no policy asks more)} other {# approvers (no policy asks more)}}',
                    }),
                    { n: state.required },
                  )}
            </Text>
            <Text size="xs" c="dimmed">
              {approvedBy.length > 0
                ? say`Approved so far: ${namesInWords(approvedBy)}`
                : say`Approved so far: nobody`}
            </Text>
            {state.standingInFor && (
              <Text size="xs" fw={600} data-testid="standing-in">
                {say`You decide for ${state.standingInFor}, who is away.`}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
