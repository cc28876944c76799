import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { Batch } from '#/api/batches';
import { hasRole, WORKSPACE_ROLES } from '#/api/roles';
import { ApiErrorAlert, fieldErrorLine } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { Dialog } from '#/components/dialog';
import { Field } from '#/components/field';
import { AnchorLink } from '#/components/links';
import { PageHeader, Panel } from '#/components/page';
import { showDone } from '#/components/notify';
import { BatchApproval } from '#/features/batches/components/batch-approval';
import { BatchStatusBadge, FileLinks, Totals } from '#/features/batches/components/batch-bits';
import { BatchProgress, QuoteProgress } from '#/features/batches/components/batch-progress';
import { BatchRows } from '#/features/batches/components/batch-rows';
import {
  batchQuery,
  rowsFileUrl,
  useCancelBatch,
  useExcludeInvalid,
  useQuoteBatch,
} from '#/features/batches/queries';
import { nextStepOf } from '#/features/batches/words';
import { approversInWords, policyInWords } from '#/features/controls/words';
import { sessionQuery } from '#/features/session/queries';
import { PRODUCT_TITLE } from '#/lib/products';
import { loadQuery } from '#/lib/route-loader';
import { tr } from '#/i18n/current';

export const Route = createFileRoute('/_app/batches/$id')({
  // The bulk payouts' contract loads with the page, not with every first load (loaders are).
  loader: ({ context, params }) =>
    loadQuery(
      context,
      () => import('#/features/batches/queries'),
      (m) => m.batchQuery(params.id),
    ),
  component: BatchPage,
});

const CANCELLABLE = new Set(['draft', 'validated', 'quoting', 'awaiting_approval']);

function CancelBatch({ batch }: { batch: Batch }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelBatch(batch.id);
  const { t } = useLingui();
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpened(true)}>
        <Trans>Cancel the batch</Trans>
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title={t`Cancel the batch`}>
        <Stack gap="sm">
          <Text size="sm">
            {t`Nothing of ${batch.fileName} has been sent: cancelled, it never will be.`}
          </Text>
          <Textarea
            label={t`Why (optional)`}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          {cancel.isError && (
            <ApiErrorAlert error={cancel.error} title={t`The batch was not cancelled`} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
                  onSuccess: () => {
                    setOpened(false);
                    showDone(t`Batch cancelled`, t`${batch.fileName} will not be paid.`);
                  },
                })
              }
            >
              <Trans>Cancel the batch</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

/** What the batch needs next from a finance person: leave out invalid rows, or quote it. */
function NextStep({ batch }: { batch: Batch }) {
  const exclude = useExcludeInvalid(batch.id);
  const quote = useQuoteBatch(batch.id);
  const { t } = useLingui();
  if (batch.status === 'draft' && batch.counts.invalid > 0)
    return (
      <Stack gap="xs">
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => exclude.mutate(undefined)}
            loading={exclude.isPending}
            disabled={batch.counts.ready === 0}
          >
            {tr(
              msg({
                message:
                  '{count, plural, one {Go on without the # row with problems} other {Go on without the # rows with problems}}',
              }),
              { count: batch.counts.invalid },
            )}
          </Button>
          <Text size="sm">
            <Trans>
              or download them to fix:{' '}
              <FileLinks href={(format) => rowsFileUrl(batch.id, 'problems', format)} />
            </Trans>
          </Text>
        </Group>
        {exclude.isError && <ApiErrorAlert error={exclude.error} />}
      </Stack>
    );
  if (batch.quoting) return <QuoteProgress {...batch.quoting} />;
  const expired = batch.approval.expiresAt !== null && batch.approval.expiresAt <= Date.now();
  if (
    batch.status === 'validated' ||
    (batch.status === 'awaiting_approval' && (batch.approval.decisions.length === 0 || expired))
  )
    return (
      <Stack gap="xs">
        <Group gap="sm">
          <Button onClick={() => quote.mutate(undefined)} loading={quote.isPending}>
            {batch.status === 'validated' ? t`Quote and ask for approval` : t`Quote again`}
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>Each row is priced as the API would price its transaction.</Trans>
          </Text>
        </Group>
        {quote.isError && <ApiErrorAlert error={quote.error} title={t`The batch was not quoted`} />}
        {!quote.isError && batch.quoteProblem && (
          <Alert color="red" variant="light" title={t`The batch was not quoted`} role="alert">
            <Text size="sm" translate="no">
              {batch.quoteProblem.detail}
            </Text>
            {batch.quoteProblem.errors.length > 0 && (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {batch.quoteProblem.errors.map((e) => (
                  <li key={e.field}>
                    <Text size="sm">{fieldErrorLine(e)}</Text>
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </Stack>
    );
  return null;
}

function BatchPage() {
  const { id } = Route.useParams();
  const { data: batch } = useSuspenseQuery(batchQuery(id));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const { t } = useLingui();
  useDocumentTitle(t`${batch.fileName} · Bulk payouts · Partner Payments`);
  const roles = session.signedIn ? session.user.roles : [];
  const finance = hasRole(roles, ['finance']);
  const approver = hasRole(roles, WORKSPACE_ROLES.decideApprovals);
  const approved = batch.approvedAt !== null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={batch.fileName}
        badge={<BatchStatusBadge status={batch.status} />}
        description={
          <>
            <AnchorLink to="/batches" underline="always">
              <Trans>Bulk payouts</Trans>
            </AnchorLink>{' '}
            · {tr(PRODUCT_TITLE[batch.product].plural)} ·{' '}
            <Trans>
              uploaded by <span translate="no">{batch.uploadedBy.name ?? t`a former member`}</span>{' '}
              <DateTime value={batch.createdAt} />
            </Trans>
          </>
        }
        actions={
          finance && CANCELLABLE.has(batch.status) ? <CancelBatch batch={batch} /> : undefined
        }
      />
      <Stack gap="sm">
        <Alert
          variant="light"
          color={
            batch.status === 'cancelled' || batch.status === 'partly_failed' ? 'orange' : 'blue'
          }
          title={nextStepOf(batch.status, batch.counts)}
        >
          <span translate="no">{batch.closedReason}</span>
        </Alert>
        {finance && <NextStep batch={batch} />}
      </Stack>
      <Panel title={t`Summary`}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label={t`Rows to pay`}>
            {batch.counts.ready + batch.counts.done}
            {batch.counts.invalid > 0 && t` (${batch.counts.invalid} with problems)`}
            {batch.counts.excluded > 0 && t` (${batch.counts.excluded} left out)`}
          </Field>
          <Field label={t`Payout total`}>
            <Totals totals={batch.totals} />
          </Field>
          <Field label={t`Deposit total, fees included`}>
            {batch.quotedAt === null ? t`once quoted` : <Totals totals={batch.depositTotals} />}
          </Field>
          <Field label={t`Quoted`}>
            {batch.quotedAt === null ? t`not yet` : <DateTime value={batch.quotedAt} />}
          </Field>
        </SimpleGrid>
      </Panel>
      {batch.status === 'awaiting_approval' && (
        <BatchApproval
          batch={batch}
          requirement={`${t`This batch needs ${approversInWords(batch.approval.required)}, never the person who uploaded it.`} ${
            batch.approval.policy
              ? policyInWords(batch.approval.policy)
              : t`No policy asks more for its totals or its largest payment.`
          }`}
        />
      )}
      {approved && <BatchProgress batch={batch} mayApprove={approver} />}
      <Panel
        title={t`Rows`}
        description={tr(
          msg({
            message:
              '{count, plural, one {# row read from the file, in its order.} other {# rows read from the file, in its order.}}',
          }),
          { count: batch.rows.length },
        )}
      >
        <BatchRows batch={batch} mayFix={finance} />
      </Panel>
    </Stack>
  );
}
