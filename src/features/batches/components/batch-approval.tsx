// A batch's approval: what the policies ask (on its totals and its largest rows), who has
// decided, who can, and, for an approver who may, Approve or Reject with a reason.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Batch } from '#/api/batches';
import { ApiErrorAlert } from '#/components/api-error';
import { DateTime } from '#/components/date-time';
import { Panel } from '#/components/page';
import { RejectDialog } from '#/components/reject-dialog';
import { showDone } from '#/components/notify';
import { namesInWords, deciderName } from '#/lib/approval-words';
import { useDecideBatch } from '../queries';
import { ReleaseDialog } from './release-dialog';

/** `requirement`: what the policies ask, in words (the controls feature says it). */
export function BatchApproval({ batch, requirement }: { batch: Batch; requirement: ReactNode }) {
  const { t } = useLingui();
  const { approval } = batch;
  const decide = useDecideBatch(batch.id);
  // The dialog open, if any: approving (what is released) or rejecting (with a reason).
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const close = () => {
    decide.reset();
    setDeciding(null);
  };
  const given = approval.decisions.filter((d) => d.decision === 'approve');
  const paying = batch.rows.filter((r) => r.state === 'ready');
  const send = (
    body: { decision: 'approve' } | { decision: 'reject'; reason: string },
    noteError?: (error: unknown) => void,
  ) =>
    decide.mutate(body, {
      onError: noteError,
      onSuccess: (after) => {
        setDeciding(null);
        const { decision } = body;
        if (decision === 'reject')
          return showDone(t`Batch rejected`, t`${after.fileName} is cancelled.`);
        if (after.status === 'awaiting_approval') {
          const given = after.approval.decisions.filter((d) => d.decision === 'approve').length;
          return showDone(
            t`Your approval is recorded`,
            tr(
              msg({
                message:
                  '{given} of {required, plural, one {# approval} other {# approvals}}: it waits for another approver.',
              }),
              { given, required: after.approval.required },
            ),
          );
        }
        showDone(t`Batch approved`, t`${after.fileName} is being submitted.`);
      },
    });
  return (
    <Panel title={t`Approval`} description={requirement} data-testid="batch-approval">
      <Stack gap="sm">
        <Text size="sm">
          {approval.expiresAt ? (
            <Trans>
              {tr(
                msg({
                  message:
                    '{given} of {required, plural, one {# approval} other {# approvals}} given',
                }),
                { given: given.length, required: approval.required },
              )}
              ; open until <DateTime value={approval.expiresAt} />.
            </Trans>
          ) : (
            `${tr(
              msg({
                message:
                  '{given} of {required, plural, one {# approval} other {# approvals}} given',
              }),
              { given: given.length, required: approval.required },
            )}.`
          )}
        </Text>
        {approval.decisions.length > 0 && (
          <List size="sm">
            {approval.decisions.map((d) => (
              <List.Item key={d.userId}>
                {d.decision === 'approve' ? (
                  <Trans>
                    {deciderName(d)} approved <DateTime value={d.at} />
                  </Trans>
                ) : (
                  <Trans>
                    {deciderName(d)} rejected <DateTime value={d.at} />
                  </Trans>
                )}
                {d.reason ? `: ${d.reason}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        {approval.canAct ? (
          <Group>
            <Button onClick={() => setDeciding('approve')}>
              <Trans>Approve the batch…</Trans>
            </Button>
            <Button variant="default" color="red" onClick={() => setDeciding('reject')}>
              <Trans>Reject…</Trans>
            </Button>
          </Group>
        ) : (
          <Alert variant="light" color="gray">
            {approval.why ? `${approval.why} ` : ''}
            {approval.whoCan.length > 0
              ? t`Who can approve it: ${namesInWords(approval.whoCan)}.`
              : t`Nobody in the workspace can approve it now: an admin gives someone the Approver role.`}
          </Alert>
        )}
        {decide.isError && !deciding && (
          <ApiErrorAlert
            error={decide.error}
            title={t`The decision was not recorded`}
            placed={['reason']}
          />
        )}
      </Stack>
      <ReleaseDialog
        opened={deciding === 'approve'}
        onClose={close}
        title={t`Approve ${batch.fileName}?`}
        confirmLabel={tr(
          msg({ message: '{count, plural, one {Approve # payment} other {Approve # payments}}' }),
          { count: paying.length },
        )}
        summary={{
          payments: paying.length,
          payouts: batch.totals,
          deposits: batch.depositTotals,
          rows: paying,
        }}
        pending={decide.isPending}
        onConfirm={(noteError) => send({ decision: 'approve' }, noteError)}
        error={
          decide.isError ? (
            <ApiErrorAlert error={decide.error} title={t`The batch was not approved`} />
          ) : null
        }
      />
      <RejectDialog
        opened={deciding === 'reject'}
        onClose={close}
        title={t`Reject ${batch.fileName}?`}
        confirmLabel={t`Reject the batch`}
        pending={decide.isPending}
        onReject={(reason) => send({ decision: 'reject', reason })}
        error={decide.isError ? decide.error : undefined}
      >
        <Text size="sm">
          <Trans>
            The file is cancelled and none of its payments is made: nothing of it is sent to the
            API. {batch.uploadedBy.name} uploaded it.
          </Trans>
        </Text>
      </RejectDialog>
    </Panel>
  );
}
