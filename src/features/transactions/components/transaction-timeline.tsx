// The timeline on a transaction's page: every step with its time, the current one, what comes
// next and who must act; each step links to its event and deliveries where the log exists.
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Alert, Anchor, Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApprovalInfo, TransactionControls } from '#/api/controls';
import type { TransactionNote } from '#/api/dashboard';
import type { EventWithAttempts } from '#/api/schemas/platform';
import type { Product, Transaction } from '#/api/schemas/transaction';
import { DateTime } from '#/components/date-time';
import { DeliverySummary, EventDialog } from '#/components/event-details';
import { Money } from '#/components/money';
import { ACTOR_LABEL, buildTimeline, type TimelineStep } from '../timeline';
import { cancelReasonOf } from './transaction-outcome';
import { QUOTE_EXPIRED, quoteExpired } from './approval-summary';
import { namesInWords, whyNotInWords, deciderName } from '#/lib/approval-words';

function StepDetail({
  step,
  transaction,
  notes,
}: {
  step: TimelineStep;
  transaction: Transaction;
  notes: readonly TransactionNote[] | undefined;
}) {
  const t = transaction;
  switch (step.key) {
    case 'created':
      return (
        <Text size="sm" c="dimmed">
          <Trans>
            <Money amount={t.toAmount} symbol={t.toCurrencySymbol} size="sm" /> to pay out
          </Trans>
        </Text>
      );
    case 'quoted':
    case 'quoteApproved':
      return step.done && t.fromAmount ? (
        <Text size="sm" c="dimmed">
          <Trans>
            Deposit <Money amount={t.fromAmount} symbol={t.fromCurrencySymbol} size="sm" />
          </Trans>
        </Text>
      ) : null;
    case 'depositReceived':
      return step.done ? (
        <Text size="sm" c="dimmed">
          <Trans>
            <Money amount={t.depositReceivedAmount} symbol={t.fromCurrencySymbol} size="sm" />{' '}
            received
          </Trans>
        </Text>
      ) : null;
    case 'completed':
      return step.done ? (
        <Text size="sm" c="dimmed">
          <Trans>
            <Money amount={t.payout} symbol={t.toCurrencySymbol} size="sm" /> paid out
          </Trans>
        </Text>
      ) : null;
    case 'cancelled': {
      const cancel = cancelReasonOf(t, notes);
      return (
        <Text size="sm" c="dimmed">
          {tr(msg`Reason: ${cancel.reason ?? tr(msg`not given`)}`)}
          {cancel.words ? (
            <>
              {' — “'}
              <span translate="no">{cancel.words}</span>”
            </>
          ) : (
            ''
          )}
        </Text>
      );
    }
    default:
      return null;
  }
}

/** Who approved a step under dual control, and what is still missing. */
function Approvals({ request }: { request: ApprovalInfo | undefined }) {
  if (!request) return null;
  const approvers = request.decisions.filter((d) => d.decision === 'approve');
  const rejection = request.decisions.find((d) => d.decision === 'reject');
  const missing = request.required - approvers.length;
  const required = request.required;
  return (
    <Text size="xs" c="dimmed" data-testid={`approvals-${request.action}`}>
      {approvers.length > 0 && (
        <>
          <Trans>Approved by</Trans>{' '}
          {approvers.map((d, i) => (
            <span key={d.userId}>
              {i > 0 && ', '}
              {deciderName(d)} (<DateTime value={d.at} />)
            </span>
          ))}
          {request.status === 'pending' && missing > 0 && '; '}
        </>
      )}
      {request.status === 'pending' &&
        missing > 0 &&
        tr(
          msg({
            message:
              '{missing, plural, one {waits for # more approver ({required} needed)} other {waits for # more approvers ({required} needed)}}',
          }),
          { missing, required },
        )}
      {rejection &&
        tr(
          msg`Rejected by ${deciderName(rejection)}: ${rejection.reason ?? tr(msg`no reason given`)}`,
        )}
    </Text>
  );
}

const APPROVAL_OF_STEP: Partial<Record<TimelineStep['key'], ApprovalInfo['action']>> = {
  quoteApproved: 'approveQuote',
  depositApproved: 'approveDeposit',
};

/**
 * Who the next step waits for. An approval is "You" only when the signed-in person can give it
 * now; otherwise the step names who can, and says why it is not them.
 */
function nextOf(
  next: NonNullable<ReturnType<typeof buildTimeline>['next']>,
  controls: TransactionControls | undefined,
): { who: string; action: string; why: string | null } {
  const action = APPROVAL_OF_STEP[next.step];
  if (action === 'approveQuote' && quoteExpired(controls))
    return { who: QUOTE_EXPIRED.who, action: QUOTE_EXPIRED.what, why: QUOTE_EXPIRED.todo };
  const state = action && next.actor === 'you' ? controls?.actions[action] : undefined;
  if (!state || state.canAct)
    return { who: tr(ACTOR_LABEL[next.actor]), action: next.action, why: null };
  const needs = state.required > 1 ? ` ${tr(msg`It needs ${state.required} approvers.`)}` : '';
  return {
    who: state.whoCan.length > 0 ? namesInWords(state.whoCan) : tr(msg`an approver`),
    action: next.action,
    why: `${whyNotInWords(state)}${needs}`,
  };
}

export function TransactionTimeline({
  product,
  transaction,
  events,
  controls,
  notes,
}: {
  product: Product;
  transaction: Transaction;
  events: EventWithAttempts[] | null | undefined;
  /** Its approvals, and whether the signed-in person can give the next one (else who can). */
  controls?: TransactionControls | undefined;
  /** What the dashboard kept about it (the cancellation reason in words). */
  notes?: readonly TransactionNote[] | undefined;
}) {
  const { t } = useLingui();
  const timeline = buildTimeline(product, transaction, events);
  const approvals = controls?.approvals;
  const next = timeline.next && nextOf(timeline.next, controls);
  const [shown, setShown] = useState<EventWithAttempts | undefined>();
  return (
    <>
      <Timeline active={timeline.current} bulletSize={26} lineWidth={2} aria-label={t`Timeline`}>
        {timeline.steps.map((step, index) => {
          const isNext = timeline.next?.step === step.key;
          const bullet =
            step.key === 'cancelled' ? (
              <ThemeIcon color="gray" radius="xl" size={26}>
                <IconX size={14} aria-hidden />
              </ThemeIcon>
            ) : step.done ? (
              <IconCheck size={14} aria-hidden />
            ) : isNext ? (
              <IconArrowRight size={14} aria-hidden />
            ) : null;
          return (
            <Timeline.Item
              key={step.key}
              bullet={bullet}
              title={
                <Group gap="xs" wrap="wrap">
                  <Text
                    fw={step.done || isNext ? 600 : 400}
                    c={step.done || isNext ? undefined : 'dimmed'}
                    size="sm"
                  >
                    {step.label}
                  </Text>
                  {index === timeline.current && !timeline.final && (
                    <Badge size="xs" variant="light" radius="sm" style={{ textTransform: 'none' }}>
                      <Trans>Current</Trans>
                    </Badge>
                  )}
                  {isNext && (
                    <Badge
                      size="xs"
                      variant="outline"
                      color="violet"
                      radius="sm"
                      style={{ textTransform: 'none' }}
                    >
                      {t`Next · ${next!.who}`}
                    </Badge>
                  )}
                </Group>
              }
              data-step={step.key}
              data-done={step.done || undefined}
            >
              <Text size="xs" c="dimmed" data-testid={`time-${step.key}`}>
                {step.time !== null ? (
                  <DateTime value={step.time} />
                ) : step.done ? (
                  t`Time not recorded`
                ) : (
                  t`Not yet`
                )}
              </Text>
              <StepDetail step={step} transaction={transaction} notes={notes} />
              {APPROVAL_OF_STEP[step.key] && (
                <Approvals
                  request={approvals?.find((r) => r.action === APPROVAL_OF_STEP[step.key])}
                />
              )}
              {step.event && (
                <Group gap="xs" mt={2}>
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() => setShown(step.event as EventWithAttempts)}
                  >
                    {t`Event #${step.event.id}`}
                  </Anchor>
                  <DeliverySummary event={step.event as EventWithAttempts} />
                </Group>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
      {next && (
        <Alert mt="lg" variant="light" color="violet" title={t`Next: ${next.who}`}>
          <Text size="sm">{next.action}</Text>
          {next.why && (
            <Text size="sm" mt={4} data-testid="next-why">
              {next.why}
            </Text>
          )}
        </Alert>
      )}
      <EventDialog event={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
