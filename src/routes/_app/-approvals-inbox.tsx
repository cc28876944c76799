// The approvals page's inbox (docs/decisions/025, 034, 071), beside its route (the `-` keeps
// it out of the route tree): what waits for a decision, yours or
// everyone's: bank-detail changes as cards, bulk payout files and their deposits, then quotes and
// deposits page by page, each saying what moves, who asked and who can approve.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  ACTION_WORDS,
  type InboxBatch,
  type InboxBatchDeposits,
  type InboxTransaction,
} from '#/api/controls';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { DateTime } from '#/components/date-time';
import { AnchorLink, TransactionLink } from '#/components/links';
import { Money } from '#/components/money';
import { EmptyState, PageHeader } from '#/components/page';
import { Pager } from '#/components/pager';
import { type Column, DataTable, IdNote } from '#/components/data-table';
import { formatMoney, formatPercent } from '#/lib/format';
import { PairRate } from '#/components/rate';
import { StepUpGroup } from '#/components/step-up-field';
import { PRODUCT_TITLE } from '#/lib/products';
import type { InboxScope } from '#/lib/query-keys';
import { QUOTE_EXPIRED, QuoteExpiry } from '#/features/transactions/components/approval-summary';
import { Totals } from '#/features/batches/components/batch-bits';
import { sessionQuery, useStepUp } from '#/features/session/queries';
import { PayeeChangeCard } from '#/features/controls/components/payee-change';
import { inboxQuery } from '#/features/controls/queries';
import { approversInWords } from '#/features/controls/words';
import { namesInWords, deciderName } from '#/lib/approval-words';
import { tr } from '#/i18n/current';

/** Which page of whose approvals is shown. */
export interface InboxView {
  scope: InboxScope;
  start: number;
  limit: number;
}

/** Who can give the approval: you, or the names of those who can, or why nobody can. */
function WhoCan({
  item,
  nobody,
}: {
  item: Pick<InboxTransaction, 'canAct' | 'whoCan' | 'why'> & { standingInFor?: string | null };
  /** What is said when nobody can. */
  nobody?: string;
}) {
  const { t } = useLingui();
  if (item.canAct)
    return (
      <Badge
        color="violet"
        variant="light"
        radius="sm"
        style={{ textTransform: 'none', height: 'auto', whiteSpace: 'normal' }}
      >
        {item.standingInFor ? t`You, for ${item.standingInFor} (away)` : t`You`}
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed">
      {item.whoCan.length > 0 ? (
        <span translate="no">{namesInWords(item.whoCan)}</span>
      ) : (
        (nobody ?? t`Nobody yet`)
      )}
      <Text span size="xs" display="block">
        {item.why}
      </Text>
    </Text>
  );
}

function Approvals({ item }: { item: InboxTransaction }) {
  const { t } = useLingui();
  const given = (item.approval?.decisions ?? []).filter((d) => d.decision === 'approve');
  return (
    <>
      <Badge variant="light" size="sm" radius="sm" style={{ textTransform: 'none' }}>
        {t`${given.length} of ${item.required}`}
      </Badge>
      <IdNote>
        {given.length > 0
          ? t`by ${namesInWords(given.map(deciderName))}`
          : item.required > 1
            ? t`needs ${approversInWords(item.required)}`
            : t`nobody yet`}
      </IdNote>
    </>
  );
}

const waitingColumns = (): Array<Column<InboxTransaction>> => [
  {
    header: tr(msg`Transaction`),
    cell: (item) => (
      <>
        <TransactionLink product={item.product} id={item.transactionId} />
        {item.merchantName && <IdNote translate="no">{item.merchantName}</IdNote>}
      </>
    ),
  },
  { header: tr(msg`Waiting for`), cell: (item) => tr(ACTION_WORDS[item.action]) },
  {
    header: tr(msg`Payout`),
    align: 'right',
    cell: (item) => <Money amount={item.payoutAmount} symbol={item.payoutCurrency} />,
  },
  {
    header: tr(msg`Deposit`),
    align: 'right',
    cell: (item) =>
      item.quote.depositAmount ? (
        <>
          <Money amount={item.quote.depositAmount} symbol={item.depositCurrency} />
          {item.quote.rate && (
            <IdNote>
              <PairRate
                from={item.depositCurrency}
                to={item.payoutCurrency}
                rate={item.quote.rate}
                derived={!item.quote.rateGiven}
                size="xs"
                c="dimmed"
              />
              {item.quote.source === 'priceNow' ? tr(msg`, today's`) : ''}
              {item.quote.fee && (
                <span data-testid="inbox-fee">
                  {' · '}
                  <FeeWords
                    fee={formatMoney(item.quote.fee, item.depositCurrency)}
                    markup={
                      item.quote.markupPercent === null
                        ? null
                        : formatPercent(item.quote.markupPercent)
                    }
                  />
                </span>
              )}
            </IdNote>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {tr(msg`${item.depositCurrency}, not quoted`)}
        </Text>
      ),
  },
  {
    header: tr(msg`Pays`),
    cell: (item) =>
      item.payee ? (
        <>
          <Text size="sm" translate="no">
            {item.payee.accountHolderName}
          </Text>
          <IdNote translate="no">
            {item.payee.bankName}, {item.payee.number}
          </IdNote>
          {item.payee.firstPayment && (
            <Badge color="orange" variant="light" size="xs" radius="sm" mt={2}>
              <Trans>First payment</Trans>
            </Badge>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    header: tr(msg`Asked by`),
    cell: (item) =>
      item.askedBy ? (
        <Text size="sm" translate="no">
          {item.askedBy}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>made outside the dashboard</Trans>
        </Text>
      ),
  },
  { header: tr(msg`Approvals`), cell: (item) => <Approvals item={item} /> },
  {
    header: tr(msg`Waiting since`),
    cell: (item) => (
      <>
        <DateTime value={item.since} />
        {item.action === 'approveQuote' && item.quote.expiresAt !== null && (
          <IdNote>
            <QuoteExpiry quote={item.quote} />
          </IdNote>
        )}
      </>
    ),
  },
  {
    header: tr(msg`Who can approve`),
    cell: (item) =>
      item.action === 'approveQuote' && item.quote.expired ? (
        // Nobody can approve an expired quote: it is quoted again, or rejected.
        <WhoCan
          item={{ canAct: false, whoCan: [], why: QUOTE_EXPIRED.todo }}
          nobody={tr(msg`Nobody: it has expired`)}
        />
      ) : (
        <WhoCan item={item} />
      ),
  },
];

/** A bulk payout file by name, linked to its page, with a note below. */
function FileCell({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  return (
    <>
      <AnchorLink to="/batches/$id" params={{ id }} translate="no">
        {name}
      </AnchorLink>
      <IdNote>{children}</IdNote>
    </>
  );
}

const batchColumns = (): Array<Column<InboxBatch>> => [
  {
    header: tr(msg`File`),
    cell: (item) => (
      <FileCell id={item.id} name={item.fileName}>
        {tr(PRODUCT_TITLE[item.product].plural)}
        {item.uploadedBy ? tr(msg`, uploaded by ${item.uploadedBy}`) : ''}
      </FileCell>
    ),
  },
  { header: tr(msg`Total`), cell: (item) => <Totals totals={item.totals} /> },
  {
    header: tr(msg`Approvals`),
    cell: (item) => (
      <Badge variant="light" size="sm" radius="sm" style={{ textTransform: 'none' }}>
        {tr(msg`${item.approvals} of ${item.required}`)}
      </Badge>
    ),
  },
  { header: tr(msg`Waiting since`), cell: (item) => <DateTime value={item.since} /> },
  { header: tr(msg`Who can approve`), cell: (item) => <WhoCan item={item} /> },
];

const batchDepositColumns = (): Array<Column<InboxBatchDeposits>> => [
  {
    header: tr(msg`File`),
    cell: (item) => (
      <FileCell id={item.batchId} name={item.fileName}>
        {tr(PRODUCT_TITLE[item.product].plural)}
      </FileCell>
    ),
  },
  {
    header: tr(msg`Deposits waiting`),
    cell: (item) => (
      <Text size="sm">
        {tr(
          msg({
            message:
              "{count, plural, one {# deposit, approved together on the file's page} other {# deposits, approved together on the file's page}}",
          }),
          { count: item.count },
        )}
      </Text>
    ),
  },
  {
    header: tr(msg`Paid out`),
    cell: (item) => <Totals totals={item.payoutTotals} rows={false} />,
  },
  {
    header: tr(msg`Deposited`),
    cell: (item) => <Totals totals={item.depositTotals} rows={false} />,
  },
  { header: tr(msg`Waiting since`), cell: (item) => <DateTime value={item.since} /> },
  { header: tr(msg`Who can approve`), cell: (item) => <WhoCan item={item} /> },
];

/** " · fee 1.50 EUR (0.25% markup)" after a rate. */
function FeeWords({ fee, markup }: { fee: string; markup: string | null }) {
  return markup === null ? (
    <Trans>fee {fee}</Trans>
  ) : (
    <Trans>
      fee {fee} ({markup} markup)
    </Trans>
  );
}

/** One kind of what waits, under its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A table of what waits, in its frame, wide enough to read on a phone by scrolling. */
function WaitingTable<T>(props: Parameters<typeof DataTable<T>>[0]) {
  return (
    <Paper withBorder radius="md">
      <DataTable minWidth={760} verticalSpacing="sm" {...props} />
    </Paper>
  );
}

/** A section of one kind of what waits, left out when nothing of that kind waits. */
function WaitingSection<T>({
  title,
  ...table
}: { title: string } & Parameters<typeof DataTable<T>>[0]) {
  if (table.rows.length === 0) return null;
  return (
    <Section title={title}>
      {/* The rest is the table's own props (rest of a union: TypeScript cannot see it is whole). */}
      <WaitingTable {...(table as Parameters<typeof DataTable<T>>[0])} />
    </Section>
  );
}

function TransactionsWaiting({ items }: { items: InboxTransaction[] }) {
  const { t } = useLingui();
  return (
    <WaitingTable
      label={t`Quotes and deposits waiting`}
      minWidth={1040}
      rows={items}
      rowKey={(item) => `${item.product}-${item.transactionId}-${item.action}`}
      rowProps={(item) => ({ 'data-testid': `inbox-${item.product}-${item.transactionId}` })}
      columns={waitingColumns()}
    />
  );
}

export function ApprovalsInbox({
  view: { scope, start, limit },
  onView,
}: {
  view: InboxView;
  /** Shows another scope or page (the route puts it in the address). */
  onView: (view: InboxView) => void;
}) {
  const { t } = useLingui();
  const { data: page } = useSuspenseQuery(inboxQuery(scope, start, limit));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const viewerId = session.signedIn ? session.user.id : undefined;
  const stepUp = useStepUp();
  const empty =
    page.results.length === 0 &&
    page.changes.length === 0 &&
    page.batches.length === 0 &&
    page.batchDeposits.length === 0;
  return (
    <>
      <PageHeader
        title={t`Approvals`}
        description={t`Quotes, deposits, bank-detail changes and bulk payout files that wait for a decision. Whoever created a transaction, proposed a change or uploaded a file never approves it.`}
      />
      <Group mb="md">
        <SegmentedControl
          aria-label={t`Whose approvals`}
          value={scope}
          onChange={(value) => onView({ scope: value as InboxScope, start: 0, limit })}
          data={[
            { value: 'you', label: t`For you (${page.counts.you})` },
            { value: 'everyone', label: t`Everyone (${page.counts.everyone})` },
          ]}
        />
      </Group>
      {empty ? (
        <EmptyState
          title={scope === 'you' ? t`Nothing waits for you` : t`Nothing waits for approval`}
        >
          {scope === 'you' && page.counts.everyone > 0
            ? t`${page.counts.everyone} waiting for others: see Everyone.`
            : t`Quotes and deposits appear here as soon as they can be approved.`}
        </EmptyState>
      ) : (
        <Stack gap="lg">
          {page.changes.length > 0 && (
            <Section title={t`Bank-detail changes`}>
              <StepUpGroup stepUp={stepUp} active={page.changes.some((item) => item.canAct)}>
                {page.changes.map((item) => (
                  <PayeeChangeCard
                    key={item.change.id}
                    change={item.change}
                    state={item}
                    merchantName={item.merchantName}
                    viewerId={viewerId}
                    showAccount
                  />
                ))}
              </StepUpGroup>
            </Section>
          )}
          <WaitingSection
            title={t`Bulk payout files`}
            label={t`Bulk payout files waiting`}
            rows={page.batches}
            columns={batchColumns()}
          />
          <WaitingSection
            title={t`Deposits of bulk payout files`}
            label={t`Deposits of bulk payout files waiting`}
            rows={page.batchDeposits}
            rowKey={(item) => item.batchId}
            rowProps={(item) => ({ 'data-testid': `inbox-batch-deposits-${item.batchId}` })}
            columns={batchDepositColumns()}
          />
          {(page.results.length > 0 || start > 0) && (
            <Section title={t`Quotes and deposits`}>
              <TransactionsWaiting items={page.results} />
              <Pager
                page={{ ...page, start, limit }}
                label={t`waiting`}
                onChange={(p) => onView({ scope, start: p.start, limit: p.limit })}
              />
            </Section>
          )}
        </Stack>
      )}
      <Text size="sm" c="dimmed" mt="md">
        {session.signedIn && hasRole(session.user.roles, WORKSPACE_ROLES.readAudit) ? (
          <Trans>
            Policies decide how many approvers an amount needs;{' '}
            <AnchorLink to="/audit" size="sm" underline="always">
              the audit trail
            </AnchorLink>{' '}
            records every decision.
          </Trans>
        ) : (
          <Trans>
            Policies decide how many approvers an amount needs; the audit trail (for admins and
            viewers) records every decision.
          </Trans>
        )}
      </Text>
    </>
  );
}
