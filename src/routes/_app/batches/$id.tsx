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
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpened(true)}>
        Cancel the batch
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Cancel the batch">
        <Stack gap="sm">
          <Text size="sm">
            Nothing of {batch.fileName} has been sent: cancelled, it never will be.
          </Text>
          <Textarea
            label="Why (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          {cancel.isError && (
            <ApiErrorAlert error={cancel.error} title="The batch was not cancelled" />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(reason.trim() ? { reason: reason.trim() } : {}, {
                  onSuccess: () => {
                    setOpened(false);
                    showDone('Batch cancelled', `${batch.fileName} will not be paid.`);
                  },
                })
              }
            >
              Cancel the batch
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
            Go on without the {batch.counts.invalid} row{batch.counts.invalid === 1 ? '' : 's'} with
            problems
          </Button>
          <Text size="sm">
            or download them to fix:{' '}
            <FileLinks href={(format) => rowsFileUrl(batch.id, 'problems', format)} />
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
            {batch.status === 'validated' ? 'Quote and ask for approval' : 'Quote again'}
          </Button>
          <Text size="sm" c="dimmed">
            Each row is priced as the API would price its transaction.
          </Text>
        </Group>
        {quote.isError && <ApiErrorAlert error={quote.error} title="The batch was not quoted" />}
        {!quote.isError && batch.quoteProblem && (
          <Alert color="red" variant="light" title="The batch was not quoted" role="alert">
            <Text size="sm">{batch.quoteProblem.detail}</Text>
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
  useDocumentTitle(`${batch.fileName} · Bulk payouts · Partner Payments`);
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
              Bulk payouts
            </AnchorLink>{' '}
            · {tr(PRODUCT_TITLE[batch.product].plural)} · uploaded by{' '}
            {batch.uploadedBy.name ?? 'a former member'} <DateTime value={batch.createdAt} />
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
          {batch.closedReason}
        </Alert>
        {finance && <NextStep batch={batch} />}
      </Stack>
      <Panel title="Summary">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label="Rows to pay">
            {batch.counts.ready + batch.counts.done}
            {batch.counts.invalid > 0 && ` (${batch.counts.invalid} with problems)`}
            {batch.counts.excluded > 0 && ` (${batch.counts.excluded} left out)`}
          </Field>
          <Field label="Payout total">
            <Totals totals={batch.totals} />
          </Field>
          <Field label="Deposit total, fees included">
            {batch.quotedAt === null ? 'once quoted' : <Totals totals={batch.depositTotals} />}
          </Field>
          <Field label="Quoted">
            {batch.quotedAt === null ? 'not yet' : <DateTime value={batch.quotedAt} />}
          </Field>
        </SimpleGrid>
      </Panel>
      {batch.status === 'awaiting_approval' && (
        <BatchApproval
          batch={batch}
          requirement={`This batch needs ${approversInWords(batch.approval.required)}, never the person who uploaded it. ${
            batch.approval.policy
              ? policyInWords(batch.approval.policy)
              : 'No policy asks more for its totals or its largest payment.'
          }`}
        />
      )}
      {approved && <BatchProgress batch={batch} mayApprove={approver} />}
      <Panel
        title="Rows"
        description={`${batch.rows.length} rows read from the file, in its order.`}
      >
        <BatchRows batch={batch} mayFix={finance} />
      </Panel>
    </Stack>
  );
}
