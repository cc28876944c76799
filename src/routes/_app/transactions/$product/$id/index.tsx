import { Trans, useLingui } from '@lingui/react/macro';
import { RecordHeader } from '#/components/record-header';
import { deciderName } from '#/lib/approval-words';
import { Grid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { isCancelled, isCompleted, isFinalStatus } from '#/api/transaction-states';
import { ButtonLink, AnchorLink } from '#/components/links';
import { Panel } from '#/components/page';
import { StatusBadge } from '#/components/status-badge';
import { DateTime } from '#/components/date-time';
import { CopyAsNew } from '#/features/transactions/components/copy-as-new';
import { DepositInstructions } from '#/features/transactions/components/deposit-instructions';
import { TransactionActions } from '#/features/transactions/components/transaction-actions';
import {
  TransactionDocuments,
  TransactionOutcome,
} from '#/features/transactions/components/transaction-outcome';
import { TransactionSummary } from '#/features/transactions/components/transaction-summary';
import { TransactionTimeline } from '#/features/transactions/components/transaction-timeline';
import { transactionNotesQuery, transactionQuery } from '#/features/transactions/queries';
import { waitingFor } from '#/features/transactions/timeline';
import { transactionControlsQuery } from '#/features/controls/queries';
import type { TransactionControls } from '#/api/controls';
import { RecipientPanel } from '#/features/controls/components/recipient';
import { NotFound } from '#/app/route-states';
import { recordEventsQuery } from '#/features/events/queries';
import { loadRecord } from '#/lib/params';
import { PRODUCT_OF } from '#/lib/products';
import { productTitle } from '#/lib/product-title';
import { RecordRequests } from '#/features/requests/components/request-log';
import { useInSandbox } from '#/features/session/queries';
import { AutomaticMove } from '#/features/moves/components/automatic-move';
import { loadQuery } from '#/lib/route-loader';

/** The rejected approval that cancelled the transaction, in words. */
function rejectionOf(controls: TransactionControls | undefined) {
  const rejected = controls?.approvals.find((a) => a.status === 'rejected');
  const decision = rejected?.decisions.find((d) => d.decision === 'reject');
  if (!rejected || !decision) return undefined;
  return {
    what: rejected.action === 'approveQuote' ? ('quote' as const) : ('deposit' as const),
    by: deciderName(decision),
    reason: decision.reason ?? rejected.rejectReason ?? '',
  };
}

export const Route = createFileRoute('/_app/transactions/$product/$id/')({
  loader: ({ context, params }) =>
    loadRecord(
      loadQuery(
        context,
        () => import('#/features/transactions/queries'),
        (m) => m.transactionQuery(PRODUCT_OF[params.product], params.id),
      ),
    ),
  // An unknown id shows the not-found page inside the shell.
  notFoundComponent: NotFound,
  component: TransactionPage,
});

function TransactionPage() {
  const inSandbox = useInSandbox();
  const { product: slug, id } = Route.useParams();
  const product = PRODUCT_OF[slug];
  const { data: t } = useSuspenseQuery(transactionQuery(product, id));
  const events = useQuery(recordEventsQuery('transaction', id, t.clientStatus));
  // Read again whenever the transaction moves on: what its approvals need changes with it.
  const controls = useQuery(transactionControlsQuery(product, id, t.clientStatus));
  const notes = useQuery(transactionNotesQuery(product, id));
  const final = isFinalStatus(t.clientStatus);
  // An action that made the transaction final: focus goes to what happened.
  const acted = useRef(false);
  const outcome = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (final && acted.current) {
      acted.current = false;
      outcome.current?.focus();
    }
  }, [final]);
  const { t: say } = useLingui();
  const title = productTitle(product);
  useDocumentTitle(say`${title.singular} #${id} · Partner Payments`);
  const waiting = waitingFor(product, t);
  const showDeposit = !isCancelled(t.clientStatus) || t.bankDetails || t.walletDetails;

  return (
    <>
      <RecordHeader
        list={
          <AnchorLink to="/transactions/$product" params={{ product: slug }} size="sm">
            {title.plural}
          </AnchorLink>
        }
        id={id}
        title={say`${title.singular} #${id}`}
        badge={<StatusBadge status={t.clientStatus} size="lg" />}
        description={
          <>
            <Trans>
              Created <DateTime value={t.creationTime} />
            </Trans>{' '}
            · {t.fromCurrencySymbol} → {t.toCurrencySymbol}
            {waiting && (
              <>
                {' · '}
                <span data-testid="waiting-for">{waiting}</span>
              </>
            )}
          </>
        }
        actions={
          <>
            {product === 'sendc2f' && isCompleted(t.clientStatus) && (
              <ButtonLink
                to="/transactions/payouts/$id/receipt"
                params={{ id }}
                variant="default"
                leftSection={<IconReceipt size={16} aria-hidden />}
              >
                <Trans>Open confirmation</Trans>
              </ButtonLink>
            )}
            <CopyAsNew product={product} transaction={t} />
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {final ? (
              <TransactionOutcome
                transaction={t}
                notes={notes.data}
                headingRef={outcome}
                rejection={rejectionOf(controls.data)}
              />
            ) : (
              <Panel title={say`Actions`}>
                <TransactionActions
                  product={product}
                  transaction={t}
                  controls={controls.data}
                  onDone={() => (acted.current = true)}
                />
              </Panel>
            )}
            <TransactionSummary product={product} transaction={t} paid={controls.data?.recipient} />
            {controls.data?.recipient && <RecipientPanel recipient={controls.data.recipient} />}
            <TransactionDocuments notes={notes.data} />
            {showDeposit && <DepositInstructions product={product} transaction={t} />}
            {inSandbox && <RecordRequests objectType="transaction" objectId={id} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel title={say`Timeline`}>
            {inSandbox && <AutomaticMove target={{ objectType: 'transaction', objectId: id }} />}
            <TransactionTimeline
              product={product}
              transaction={t}
              events={events.data}
              controls={controls.data}
              notes={notes.data}
            />
          </Panel>
        </Grid.Col>
      </Grid>
    </>
  );
}
