// What an approver approves, before they approve it (docs/decisions/041): both amounts, the
// rate and its markup against a reference rate where the API gives one, until when the quote may
// be approved (counting down), who is paid by name with "first payment to this account", the
// policy that applies and who has approved so far.
import { Alert, Badge, Code, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNow } from '#/lib/use-now';
import type { QuoteInfo, TransactionApproval, TransactionControls } from '#/api/controls';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { DateTime } from '#/components/date-time';
import { Money } from '#/components/money';
import { formatMoney, formatPercent, formatRate, namesInWords, deciderName } from '#/lib/format';
import { CurrentQuoteNote } from './quote';
import { PairRate } from '#/components/rate';

/** A badge whose words wrap on a narrow screen instead of being cut. */
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/** "in 23 h 59 min", "in 4 min 10 s": how long until `at`. */
export function timeLeft(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((at - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `in ${h} h ${m} min`;
  if (m > 0) return `in ${m} min ${s} s`;
  return `in ${s} s`;
}

/** What an expired quote means, and what to do: said on the page, the timeline and the dialog. */
export const QUOTE_EXPIRED = {
  what: 'The quote has expired: it can no longer be approved.',
  todo: 'Whoever creates transactions quotes it again: Copy as new, then cancel this one.',
  who: 'Finance',
} as const;

/** Whether the quote an approval waits for has expired, as the server last said. */
export const quoteExpired = (controls: TransactionControls | undefined) =>
  controls?.quote?.expired ?? false;

/**
 * What the API says of the client's deposit, for whoever approves it (docs/decisions/066): what
 * was received, when, and where it was sent to; or that nothing has been reported, and what to
 * check before approving.
 */
export function DepositEvidence({ product, t }: { product: Product; t: Transaction }) {
  const where =
    product === 'sendc2f' ? (
      t.walletDetails?.walletAddress ? (
        <>
          the wallet address{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{t.walletDetails.walletAddress}</Code>
        </>
      ) : (
        'the wallet address on this page'
      )
    ) : t.bankDetails ? (
      <>
        {t.bankDetails.nameOnAccount} at {t.bankDetails.bankName}, reference{' '}
        <Code>{t.bankDetails.reference}</Code>
      </>
    ) : (
      'the bank account on this page'
    );
  if (t.depositReceivedAmount !== null || t.depositReceivedDate !== null)
    return (
      <Alert color="green" variant="light" title="Deposit received" data-testid="deposit-evidence">
        <Text size="sm">
          <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} fw={600} /> received{' '}
          <DateTime value={t.depositReceivedDate} />, sent to {where}.
        </Text>
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      variant="light"
      title="No deposit reported yet"
      data-testid="deposit-evidence"
    >
      <Text size="sm">
        The API has not reported the client’s deposit
        {t.fromAmount ? (
          <>
            {' '}
            of <b>{formatMoney(t.fromAmount, t.fromCurrencySymbol)}</b>
          </>
        ) : null}
        . Approve only once you have seen it arrive yourself, sent to {where}. Approving tells the
        payments service that it has arrived, and the payout follows.
      </Text>
    </Alert>
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
      {expired ? 'Expired' : `Expires ${timeLeft(quote.expiresAt, now)}`} (
      <DateTime value={quote.expiresAt} />)
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
        <Table.Th w={{ base: 112, xs: 170 }}>Payout</Table.Th>
        <Table.Td>
          <Money amount={t.toAmount} symbol={t.toCurrencySymbol} fw={600} />
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Th>Deposit, fees included</Table.Th>
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
  const { quote, recipient } = controls;
  const state = controls.actions[action];
  const approvals = controls.approvals.find((a) => a.action === action && a.status === 'pending');
  const approvedBy = (approvals?.decisions ?? [])
    .filter((d) => d.decision === 'approve')
    .map(deciderName);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="What you approve">
      <Table.Tbody>
        <MovingRows
          t={t}
          deposit={
            quote?.depositAmount ? (
              <Money amount={quote.depositAmount} symbol={t.fromCurrencySymbol} fw={600} />
            ) : (
              <Text span size="sm" c="dimmed">
                not quoted yet
              </Text>
            )
          }
          current={quote?.source === 'priceNow'}
        />
        <Table.Tr>
          <Table.Th>Rate</Table.Th>
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
                    {formatPercent(quote.markupPercent)} below the reference rate of{' '}
                    {formatRate(quote.referenceRate)}
                  </Text>
                )}
              </>
            ) : (
              <Text span size="sm" c="dimmed">
                not available
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        {quote?.fee && (
          <Table.Tr>
            <Table.Th>Fee, in the deposit</Table.Th>
            <Table.Td>
              <Money amount={quote.fee} symbol={t.fromCurrencySymbol} data-testid="quote-fee" />
            </Table.Td>
          </Table.Tr>
        )}
        {action === 'approveQuote' && quote?.expiresAt !== null && quote && (
          <Table.Tr>
            <Table.Th>Quote</Table.Th>
            <Table.Td>
              <QuoteExpiry quote={quote} />
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th>Pays</Table.Th>
          <Table.Td>
            {recipient ? (
              <>
                <Text span size="sm" fw={600}>
                  {recipient.accountHolderName}
                </Text>
                <Text size="sm" c="dimmed">
                  {recipient.bankName}, {recipient.number}, {recipient.countryIso}
                </Text>
                {!recipient.recorded && (
                  <Text size="xs" c="dimmed" data-testid="payee-read-now">
                    As the account reads now: this payment was not created in the dashboard
                  </Text>
                )}
                {recipient.firstPayment && (
                  <Badge color="orange" variant="light" radius="sm" mt={4} styles={WRAPPING_BADGE}>
                    First payment to this account
                  </Badge>
                )}
              </>
            ) : (
              <Text span size="sm">
                Payout account #{t.toBusinessExternalAccountId}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Asked by</Table.Th>
          <Table.Td>
            {controls.creator ? (
              <Text span size="sm">
                {controls.creator.name}
              </Text>
            ) : (
              <Text span size="sm" c="dimmed">
                Made outside the dashboard: nobody is recorded
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Needs</Table.Th>
          <Table.Td>
            <Text span size="sm">
              {state.required === 1 ? '1 approver' : `${state.required} approvers`}
              {state.policy ? ', as a policy asks' : ' (no policy asks more)'}
            </Text>
            <Text size="xs" c="dimmed">
              Approved so far: {approvedBy.length > 0 ? namesInWords(approvedBy) : 'nobody'}
            </Text>
            {state.standingInFor && (
              <Text size="xs" fw={600} data-testid="standing-in">
                You decide for {state.standingInFor}, who is away.
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
