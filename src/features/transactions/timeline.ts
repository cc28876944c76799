// The steps of a transaction from creation to completion or cancellation: what happened when,
// where it stands, what comes next and who must act. Pure: built from the transaction's fields,
// its words in the page's language (decision 091).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import type { Product, Transaction } from '#/api/schemas/transaction';
import type { Event } from '#/api/schemas/platform';
import {
  isCancelled,
  isCompleted,
  isFinalStatus,
  type Phase,
  phaseOf,
} from '#/api/transaction-states';
import { formatMoney } from '#/lib/format';

export type Actor = 'you' | 'client' | 'service';

export interface TimelineStep {
  key:
    | 'created'
    | 'quoted'
    | 'quoteApproved'
    | 'depositApproved'
    | 'depositReceived'
    | 'completed'
    | 'cancelled';
  label: string;
  /** When it happened, from the transaction's own fields; null when not (yet) known. */
  time: number | null;
  done: boolean;
  /** Who makes this step happen. */
  actor: Actor;
  /** The event recorded for this step, when the event log is available. */
  event?: Event | undefined;
}

export interface Timeline {
  steps: TimelineStep[];
  /** Index of the last step that happened. */
  current: number;
  /** What is expected next, and from whom; absent once the transaction is final. */
  next?: { step: TimelineStep['key']; action: string; actor: Actor } | undefined;
  final: boolean;
}

/** The phase a step brings a transaction to, so its event can be found in the log. */
const PHASE_OF_STEP: Partial<Record<TimelineStep['key'], Phase>> = {
  quoted: 'quoted',
  quoteApproved: 'quoteApproved',
  depositApproved: 'inProgress',
  depositReceived: 'inProgress',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The event that recorded a step: the first whose record reached the step's phase. */
function eventFor(key: TimelineStep['key'], events: Event[] | null | undefined): Event | undefined {
  if (!events) return undefined;
  const chronological = [...events].sort((a, b) => a.id - b.id);
  if (key === 'created') return chronological[0];
  const phase = PHASE_OF_STEP[key];
  return chronological.find(
    (e) =>
      phaseOf({
        clientStatus: String(e.data.clientStatus),
        quoteApprovedDate: e.data.quoteApprovedDate as number | null | undefined,
      }) === phase,
  );
}

export function buildTimeline(product: Product, t: Transaction, events?: Event[] | null): Timeline {
  const completed = isCompleted(t.clientStatus);
  const cancelled = isCancelled(t.clientStatus);
  const steps: TimelineStep[] = [
    { key: 'created', label: tr(msg`Created`), time: t.creationTime, done: true, actor: 'you' },
  ];

  if (product !== 'receive') {
    steps.push({
      key: 'quoted',
      label: tr(msg`Quote ready`),
      // The specification has no field for this moment; the event log has it when available.
      time: eventFor('quoted', events)?.creationTime ?? null,
      done: t.fromAmount !== null,
      actor: 'service',
    });
  }
  steps.push(
    {
      key: 'quoteApproved',
      label: tr(msg`Quote approved`),
      time: t.quoteApprovedDate,
      done: t.quoteApprovedDate !== null,
      actor: 'you',
    },
    // Received before approved: a deposit is approved on the evidence that it arrived, even where
    // the API records both at the approval's moment.
    {
      key: 'depositReceived',
      label: tr(msg`Deposit received`),
      time: t.depositReceivedDate,
      done: t.depositReceivedDate !== null,
      actor: 'service',
    },
    {
      key: 'depositApproved',
      label: tr(msg`Deposit approved`),
      time: t.depositApprovedDate,
      done: t.depositApprovedDate !== null,
      actor: 'you',
    },
  );
  if (cancelled) {
    steps.push({
      key: 'cancelled',
      label: tr(msg`Cancelled`),
      time: t.lastUpdateTime,
      done: true,
      actor: 'you',
    });
  } else {
    steps.push({
      key: 'completed',
      label: tr(msg`Paid out`),
      time: completed ? t.lastUpdateTime : null,
      done: completed,
      actor: 'service',
    });
  }
  for (const step of steps) step.event = step.done ? eventFor(step.key, events) : undefined;
  // One event can record two steps (the deposit approved and received together): it is linked
  // from the first of them only, so that two steps never point at one event.
  const linked = new Set<number>();
  for (const step of steps) {
    if (!step.event) continue;
    if (linked.has(step.event.id)) step.event = undefined;
    else linked.add(step.event.id);
  }

  // A cancelled transaction keeps only the steps that happened before the cancellation.
  const shown = cancelled ? steps.filter((s) => s.done) : steps;
  const current = shown.reduce((last, s, i) => (s.done ? i : last), 0);
  const final = completed || cancelled;
  return { steps: shown, current, next: nextAction(product, t), final };
}

/** What is expected next, and from whom; undefined once the transaction is final. */
export function nextAction(product: Product, t: Transaction): Timeline['next'] {
  if (isFinalStatus(t.clientStatus)) return undefined;
  const deposit = t.fromAmount
    ? formatMoney(t.fromAmount, t.fromCurrencySymbol)
    : tr(msg`the deposit in ${t.fromCurrencySymbol}`);
  const payout = formatMoney(t.toAmount, t.toCurrencySymbol);
  switch (phaseOf(t)) {
    case 'pending':
      return product === 'receive'
        ? {
            step: 'quoteApproved',
            action: tr(msg`Approve the quote to get the bank details the client deposits to.`),
            actor: 'you',
          }
        : {
            step: 'quoted',
            action: tr(msg`The payments service prepares the quote.`),
            actor: 'service',
          };
    case 'quoted':
      return {
        step: 'quoteApproved',
        action: tr(msg`Review the quote (${deposit} for ${payout}) and approve it.`),
        actor: 'you',
      };
    case 'quoteApproved':
      return {
        step: 'depositReceived',
        action:
          product === 'sendc2f'
            ? tr(
                msg`The client sends ${deposit} to the wallet address on this page; once it has arrived, approve the deposit.`,
              )
            : product === 'receive'
              ? tr(
                  msg`The client transfers ${deposit} to the bank account on this page; then approve the deposit with its confirmation.`,
                )
              : tr(
                  msg`The client transfers ${deposit} to the bank account on this page; once it has arrived, approve the deposit.`,
                ),
        actor: 'client',
      };
    case 'inProgress':
      return {
        step: 'completed',
        action: tr(msg`The payments service pays out ${payout}.`),
        actor: 'service',
      };
    default:
      return undefined;
  }
}

/**
 * What the transaction waits for, in a few words beside its status: a collection stays PENDING
 * after its quote is approved, where the other products move on, so its status alone misleads.
 */
export function waitingFor(product: Product, t: Transaction): string | undefined {
  switch (phaseOf(t)) {
    case 'pending':
      return product === 'receive'
        ? tr(msg`Waiting for your quote approval`)
        : tr(msg`Being quoted`);
    case 'quoted':
      return tr(msg`Waiting for the quote approval`);
    case 'quoteApproved':
      return product === 'receive'
        ? tr(msg`Quote approved · waiting for the client's deposit`)
        : tr(msg`Waiting for the client's deposit`);
    case 'inProgress':
      return tr(msg`Being paid out`);
    default:
      return undefined;
  }
}

/** Who acts, in the page's words. */
export const ACTOR_LABEL: Record<Actor, MessageDescriptor> = {
  you: msg`You`,
  client: msg`The client`,
  service: msg`Payments service`,
};
