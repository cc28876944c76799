import { describe, expect, it } from 'vitest';
import type { Event } from '#/api/schemas/platform';
import type { Transaction } from '#/api/schemas/transaction';
import { transactionRecord } from '#/api/testing';
import { buildTimeline } from './timeline';

const base: Transaction = transactionRecord();

const pending = base;
const quoted = {
  ...base,
  clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
  fromAmount: '109.60',
  lastUpdateTime: 2_000,
};
const approved = {
  ...quoted,
  clientStatus: 'OnOff_AWAITING_DEPOSIT',
  quoteApprovedDate: 3_000,
  lastUpdateTime: 3_000,
};
const deposited = {
  ...approved,
  clientStatus: 'OnOff_IN_PROGRESS',
  depositApprovedDate: 4_000,
  depositReceivedDate: 4_000,
  depositReceivedAmount: '109.60',
  lastUpdateTime: 4_000,
};
const completed = {
  ...deposited,
  clientStatus: 'OnOff_COMPLETED',
  payout: '100.00',
  lastUpdateTime: 5_000,
};

const summary = (
  t: Transaction,
  product: 'sendc2f' | 'sendf2f' | 'receive' = 'sendc2f',
  events?: Event[],
) => {
  const timeline = buildTimeline(product, t, events);
  return {
    steps: timeline.steps.map((s) => [s.key, s.time, s.done]),
    current: timeline.steps[timeline.current]?.key,
    next: timeline.next && [timeline.next.step, timeline.next.actor],
    final: timeline.final,
  };
};

describe('the payout timeline', () => {
  it.each([
    [
      pending,
      [
        ['created', 1000, true],
        ['quoted', null, false],
        ['quoteApproved', null, false],
        ['depositReceived', null, false],
        ['depositApproved', null, false],
        ['completed', null, false],
      ],
      'created',
      ['quoted', 'service'],
    ],
    [
      quoted,
      [
        ['created', 1000, true],
        ['quoted', null, true],
        ['quoteApproved', null, false],
        ['depositReceived', null, false],
        ['depositApproved', null, false],
        ['completed', null, false],
      ],
      'quoted',
      ['quoteApproved', 'you'],
    ],
    [
      approved,
      [
        ['created', 1000, true],
        ['quoted', null, true],
        ['quoteApproved', 3000, true],
        ['depositReceived', null, false],
        ['depositApproved', null, false],
        ['completed', null, false],
      ],
      'quoteApproved',
      ['depositReceived', 'client'],
    ],
    [
      deposited,
      [
        ['created', 1000, true],
        ['quoted', null, true],
        ['quoteApproved', 3000, true],
        ['depositReceived', 4000, true],
        ['depositApproved', 4000, true],
        ['completed', null, false],
      ],
      'depositApproved',
      ['completed', 'service'],
    ],
    [
      completed,
      [
        ['created', 1000, true],
        ['quoted', null, true],
        ['quoteApproved', 3000, true],
        ['depositReceived', 4000, true],
        ['depositApproved', 4000, true],
        ['completed', 5000, true],
      ],
      'completed',
      undefined,
    ],
  ] as const)(
    'at %#: every step’s time is the transaction’s own field',
    (t, steps, current, next) => {
      expect(summary(t as Transaction)).toEqual({
        steps,
        current,
        next,
        final: next === undefined,
      });
    },
  );

  it('ends in the cancellation, keeping only what happened before it', () => {
    const cancelled = {
      ...approved,
      clientStatus: 'OnOff_CANCELED',
      cancelReason: 'WRONG_RECIPIENT',
      lastUpdateTime: 3_500,
    };
    expect(summary(cancelled)).toEqual({
      steps: [
        ['created', 1000, true],
        ['quoted', null, true],
        ['quoteApproved', 3000, true],
        ['cancelled', 3500, true],
      ],
      current: 'cancelled',
      next: undefined,
      final: true,
    });
  });

  it('takes the quote’s time from its event when the event log has it', () => {
    const event = (id: number, data: Partial<Transaction>, creationTime: number): Event => ({
      id,
      type: 'transaction.status.changed',
      creationTime,
      objectType: 'transaction',
      objectId: 7,
      data: { ...base, ...data },
    });
    const events = [
      event(1, {}, 1000),
      event(2, { clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL' }, 1_900),
      event(3, { clientStatus: 'OnOff_AWAITING_DEPOSIT' }, 3000),
    ];
    const timeline = buildTimeline('sendc2f', approved as Transaction, events);
    expect(timeline.steps.map((s) => [s.key, s.time, s.event?.id])).toEqual([
      ['created', 1000, 1],
      ['quoted', 1900, 2],
      ['quoteApproved', 3000, 3],
      ['depositReceived', null, undefined],
      ['depositApproved', null, undefined],
      ['completed', null, undefined],
    ]);
  });

  it('links an event that recorded two steps from the first of them only', () => {
    const event = (id: number, data: Partial<Transaction>): Event => ({
      id,
      type: 'transaction.status.changed',
      creationTime: 1000 * id,
      objectType: 'transaction',
      objectId: 7,
      data: { ...base, ...data },
    });
    const events = [
      event(1, {}),
      event(2, { clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL' }),
      event(3, { clientStatus: 'OnOff_AWAITING_DEPOSIT', quoteApprovedDate: 3000 }),
      event(4, { clientStatus: 'OnOff_IN_PROGRESS', quoteApprovedDate: 3000 }),
    ];
    const timeline = buildTimeline('sendc2f', deposited as Transaction, events);
    expect(timeline.steps.map((s) => [s.key, s.event?.id])).toEqual([
      ['created', 1],
      ['quoted', 2],
      ['quoteApproved', 3],
      ['depositReceived', 4],
      ['depositApproved', undefined],
      ['completed', undefined],
    ]);
  });
});

describe('the collections timeline', () => {
  const created = { ...base, fromCurrencySymbol: 'USD', clientStatus: 'Receive_PENDING' };
  it('has no quote step, and asks for the quote approval, then the deposit', () => {
    expect(summary(created, 'receive')).toMatchObject({
      steps: [
        ['created', 1000, true],
        ['quoteApproved', null, false],
        ['depositReceived', null, false],
        ['depositApproved', null, false],
        ['completed', null, false],
      ],
      next: ['quoteApproved', 'you'],
    });
    const withQuote = { ...created, quoteApprovedDate: 2000, fromAmount: '110.00' };
    expect(summary(withQuote, 'receive').next).toEqual(['depositReceived', 'client']);
    const done = {
      ...withQuote,
      clientStatus: 'Receive_COMPLETED',
      depositApprovedDate: 3000,
      depositReceivedDate: 3000,
      payout: '100.00',
      lastUpdateTime: 4000,
    };
    expect(summary(done, 'receive')).toMatchObject({
      current: 'completed',
      final: true,
      steps: [
        ['created', 1000, true],
        ['quoteApproved', 2000, true],
        ['depositReceived', 3000, true],
        ['depositApproved', 3000, true],
        ['completed', 4000, true],
      ],
    });
  });
});
