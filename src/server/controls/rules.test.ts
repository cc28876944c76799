// The rules of who may move money, as a table (policy × currency spelling × product × amount side
// × role) with every expectation written out, and the separation-of-duties rules one by one.
// The property over random policy edits and decisions is in ./controls.property.test.ts.
import { describe, expect, it } from 'vitest';
import { refusalFor, ROLES, type Role } from '#/api/roles';
import { isSimulation } from '#/api/simulation';
import type { Product } from '#/api/schemas/transaction';
import {
  isActiveApprover,
  type ControlSubject,
  type PolicyRule,
  judge,
  judgeControlChange,
  fourEyesOnControls,
  stepUpNeeded,
  stepUpUntil,
  policyApplies,
  requirementOf,
  samePolicy,
  simulationChanges,
  actingFor,
} from './rules';
import { explainState, mayApprove } from '../approvals/explain';
import { sayIn } from '../words';

const policy = (p: Partial<PolicyRule>): PolicyRule => ({
  id: 'p',
  action: 'approveDeposit',
  product: '*',
  currency: 'EUR',
  amountSide: 'payout',
  minAmount: '5000',
  approvers: 2,
  ...p,
});

/** A transaction of `product` paying 12,500.50 EUR for a 13,400 USD deposit (or as given). */
const subject = (
  product: Product,
  over: { payout?: [string, string]; deposit?: [string, string | null] } = {},
): ControlSubject => ({
  action: 'approveDeposit',
  product,
  payout: { currency: over.payout?.[0] ?? 'EUR', amount: over.payout?.[1] ?? '12500.50' },
  deposit: {
    currency: over.deposit?.[0] ?? 'USD',
    amount: over.deposit ? over.deposit[1] : '13400',
  },
});

describe('which policy applies: policy × currency spelling × product × amount side', () => {
  // [what, policy, subject, approvers the action needs]
  const table: [string, PolicyRule, ControlSubject, number][] = [
    ['payout EUR from 5000, payout of 12,500.50 EUR', policy({}), subject('sendc2f'), 2],
    ['currency stored lowercase still applies', policy({ currency: 'eur' }), subject('sendc2f'), 2],
    [
      'the transaction spells it lowercase',
      policy({}),
      subject('sendc2f', { payout: ['eur', '12500.50'] }),
      2,
    ],
    ['spaces around the symbol', policy({ currency: ' EUR ' }), subject('sendc2f'), 2],
    ['another payout currency', policy({}), subject('sendc2f', { payout: ['GBP', '12500.50'] }), 1],
    ['below the amount', policy({}), subject('sendc2f', { payout: ['EUR', '4999.99'] }), 1],
    ['exactly the amount', policy({}), subject('sendc2f', { payout: ['EUR', '5000.00'] }), 2],
    [
      'a hair above, in decimals',
      policy({ minAmount: '5000' }),
      subject('sendc2f', { payout: ['EUR', '5000.000000000000000001'] }),
      2,
    ],
    [
      'any currency',
      policy({ currency: '*' }),
      subject('receive', { payout: ['JPY', '900000'] }),
      2,
    ],
    ['product named, same product', policy({ product: 'sendf2f' }), subject('sendf2f'), 2],
    ['product named, other product', policy({ product: 'sendf2f' }), subject('sendc2f'), 1],
    [
      'deposit side, deposit currency matches',
      policy({ amountSide: 'deposit', currency: 'USD' }),
      subject('sendf2f'),
      2,
    ],
    [
      'deposit side spelled lowercase',
      policy({ amountSide: 'deposit', currency: 'usd' }),
      subject('sendf2f'),
      2,
    ],
    [
      'deposit side, the payout currency does not count',
      policy({ amountSide: 'deposit', currency: 'EUR' }),
      subject('sendf2f'),
      1,
    ],
    [
      'deposit side, deposit below the amount',
      policy({ amountSide: 'deposit', currency: 'USD', minAmount: '20000' }),
      subject('sendf2f'),
      1,
    ],
    [
      'deposit side, deposit not quoted yet: applies (the safe side)',
      policy({ amountSide: 'deposit', currency: 'USD', minAmount: '20000' }),
      subject('sendc2f', { deposit: ['USD', null] }),
      2,
    ],
    [
      'payout side, a crypto deposit does not matter',
      policy({ approvers: 3 }),
      subject('sendc2f', { deposit: ['USDT(TRC20)', '13400'] }),
      3,
    ],
    ['another action', policy({ action: 'approveQuote' }), subject('sendc2f'), 1],
  ];
  it.each(table)('%s', (_what, rule, s, required) => {
    expect(requirementOf([rule], s).required).toBe(required);
    expect(policyApplies(rule, s)).toBe(required > 1);
  });

  // Every row again, with each role deciding first, and the creator (an approver) deciding.
  const withRoles = table.flatMap(([what, rule, s, required]) =>
    ROLES.map((role) => [what, role, rule, s, required] as const),
  );
  it.each(withRoles)('%s, decided by %s', (_what, role: Role, rule, s, required) => {
    const { required: needed } = requirementOf([rule], s);
    const state = {
      kind: 'transaction' as const,
      status: 'pending',
      expiresAt: 2_000,
      originatorId: 'creator',
      decisions: [],
    };
    const outcome = judge(state, { id: 'someone', roles: [role] }, 'approve', needed, 1_000);
    if (role !== 'approver')
      expect(outcome).toEqual({ kind: 'refused', refusal: 'FORBIDDEN_ROLE' });
    else if (required === 1)
      expect(outcome).toEqual({ kind: 'complete', approvals: 1, fresh: true });
    else expect(outcome).toEqual({ kind: 'recorded', approvals: 1 });
    const byCreator = judge(
      state,
      { id: 'creator', roles: ['finance', role] },
      'approve',
      needed,
      1_000,
    );
    expect(byCreator).toEqual({
      kind: 'refused',
      refusal: role === 'approver' ? 'CREATOR_CANNOT_APPROVE' : 'FORBIDDEN_ROLE',
    });
  });
});

describe('the strictest policy wins', () => {
  it('takes the most approvers of the policies that apply, whatever their order', () => {
    const rules = [
      policy({ id: 'a', currency: '*', minAmount: '0', approvers: 2 }),
      policy({ id: 'b', currency: 'EUR', minAmount: '10000', approvers: 3 }),
      policy({ id: 'c', currency: 'GBP', minAmount: '0', approvers: 3 }),
    ];
    for (const order of [rules, [...rules].reverse()]) {
      expect(requirementOf(order, subject('sendc2f'))).toMatchObject({
        required: 3,
        policy: { id: 'b' },
      });
      expect(requirementOf(order, subject('sendc2f', { payout: ['EUR', '100'] })).required).toBe(2);
    }
  });
  it('asks one approver when no policy applies', () => {
    expect(requirementOf([], subject('sendc2f'))).toEqual({ required: 1, policy: undefined });
  });
  it('calls policies the same when they differ only in spelling, amount digits or approvers', () => {
    const a = policy({ currency: 'EUR', minAmount: '5000' });
    expect(samePolicy(a, policy({ currency: 'eur', minAmount: '5000.00', approvers: 3 }))).toBe(
      true,
    );
    expect(samePolicy(a, policy({ amountSide: 'deposit' }))).toBe(false);
    expect(samePolicy(a, policy({ product: 'sendc2f' }))).toBe(false);
    expect(samePolicy(a, policy({ minAmount: '5000.01' }))).toBe(false);
  });
});

describe('deciding', () => {
  const approver = (id: string) => ({ id, roles: ['approver'] as Role[], name: id });
  const pending = (decisions: { userId: string; decision: 'approve' | 'reject' }[] = []) => ({
    kind: 'transaction' as const,
    status: 'pending',
    expiresAt: 2_000,
    originatorId: 'creator',
    decisions,
  });

  it('needs distinct people: one person approving twice is refused', () => {
    const state = pending([{ userId: 'a', decision: 'approve' }]);
    expect(judge(state, approver('a'), 'approve', 2, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'ALREADY_DECIDED',
    });
    expect(judge(state, approver('b'), 'approve', 2, 1_000)).toEqual({
      kind: 'complete',
      approvals: 2,
      fresh: true,
    });
  });
  it('lets whoever approved finish a request a lower policy has since made complete', () => {
    const state = pending([{ userId: 'a', decision: 'approve' }]);
    expect(judge(state, approver('a'), 'approve', 1, 1_000)).toEqual({
      kind: 'complete',
      approvals: 1,
      fresh: false,
    });
    // A rejecter cannot turn their decision into an approval.
    const rejected = pending([{ userId: 'a', decision: 'reject' }]);
    expect(judge(rejected, approver('a'), 'approve', 1, 1_000)).toMatchObject({ kind: 'refused' });
  });
  it('never lets the author of a payee change approve it, approver or not', () => {
    const change = { ...pending(), kind: 'payee' as const, originatorId: 'author' };
    expect(judge(change, approver('author'), 'approve', 1, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'AUTHOR_CANNOT_APPROVE',
    });
    expect(judge(change, approver('author'), 'reject', 1, 1_000)).toEqual({ kind: 'rejected' });
  });
  // Rejecting: role × what is rejected. An approver rejects without any other role (the
  // rejection cancels a transaction without the Finance role); no other role rejects, finance
  // included; whoever asked may reject their own when they approve.
  const kinds = ['transaction', 'payee', 'batch'] as const;
  const rejecting = kinds.flatMap((kind) =>
    ROLES.flatMap((role) => [
      [kind, [role], 'someone', role === 'approver' ? 'rejected' : 'FORBIDDEN_ROLE'] as const,
      [
        kind,
        [role, 'finance'],
        'creator',
        role === 'approver' ? 'rejected' : 'FORBIDDEN_ROLE',
      ] as const,
    ]),
  );
  it.each(rejecting)('a %s rejected by %o (%s): %s', (kind, roles, id, expected) => {
    const outcome = judge({ ...pending(), kind }, { id, roles }, 'reject', 1, 1_000);
    expect(outcome).toEqual(
      expected === 'rejected' ? { kind: 'rejected' } : { kind: 'refused', refusal: expected },
    );
  });
  it('lets nobody reject twice, or reject what is closed', () => {
    const rejected = pending([{ userId: 'a', decision: 'reject' }]);
    expect(judge(rejected, approver('a'), 'reject', 1, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'ALREADY_DECIDED',
    });
    expect(judge({ ...pending(), status: 'rejected' }, approver('b'), 'reject', 1, 1_000)).toEqual({
      kind: 'refused',
      refusal: 'APPROVAL_CLOSED',
    });
  });
  it('refuses closed and expired requests', () => {
    expect(judge({ ...pending(), status: 'approved' }, approver('a'), 'approve', 1, 1_000)).toEqual(
      {
        kind: 'refused',
        refusal: 'APPROVAL_CLOSED',
      },
    );
    expect(judge(pending(), approver('a'), 'approve', 1, 2_000)).toEqual({
      kind: 'refused',
      refusal: 'APPROVAL_EXPIRED',
    });
  });
  it('says who can approve: approvers who are not the creator and have not decided', () => {
    const people = [
      approver('a'),
      approver('b'),
      approver('creator'),
      { id: 'f', name: 'f', roles: ['finance'] as Role[] },
    ];
    const state = pending([{ userId: 'a', decision: 'approve' }]);
    expect(explainState(state, people[0]!, 2, people, 1_000).whoCan).toEqual(['b']);
    const creator = mayApprove(state, approver('creator'), 2, 1_000);
    expect(creator.canAct).toBe(false);
    // Words told in the reader's language as the answer leaves (decision 091).
    expect(creator.why && sayIn('en', creator.why)).toContain('You created this transaction');
    expect(creator.why && sayIn('de', creator.why)).toContain('Funktionstrennung');
  });
});

describe('status simulations', () => {
  const account = {
    accountNumber: 'DE89370400440532013000',
    iban: 'DE89370400440532013000',
    swiftCode: 'COBADEFFXXX',
    accountHolderName: 'Lumen Textiles GmbH',
    countryIso: 'DE',
  };
  it('is a simulation when the number carries a | suffix', () => {
    expect(isSimulation('updatePayoutAccount', { accountNumber: '123| FROZEN' })).toBe(true);
    expect(isSimulation('updatePayoutAccount', { accountNumber: '123' })).toBe(false);
    expect(isSimulation('updateMerchant', { localRegNumber: 'HRB 1|VALID' })).toBe(true);
    // A suffix at creation sets the first status: the onboarding roles' call, not a tester's.
    expect(isSimulation('createPayoutAccount', { accountNumber: '1|ACTIVE' })).toBe(true);
    expect(refusalFor('createPayoutAccount', ['tester'], 'sandbox', true)).toBeDefined();
  });
  it('changes the status and nothing else', () => {
    expect(simulationChanges('updatePayoutAccount', account, { accountNumber: '|FROZEN' })).toEqual(
      [],
    );
    expect(
      simulationChanges('updatePayoutAccount', account, {
        accountNumber: 'DE89370400440532013000 | FROZEN',
        iban: 'de89 3704 0044 0532 0130 00',
        swiftCode: 'cobadeffxxx',
      }),
    ).toEqual([]);
    expect(
      simulationChanges('updatePayoutAccount', account, {
        accountNumber: 'DE89370400440532013000|FROZEN',
        iban: 'GB33BUKB20201555555555',
      }),
    ).toEqual(['iban']);
    expect(
      simulationChanges('updatePayoutAccount', account, {
        accountNumber: 'GB33BUKB20201555555555|FROZEN',
      }),
    ).toEqual(['accountNumber']);
  });
});

describe('the second factor before money is released', () => {
  // [what, enrolled, given at (minutes before now; null: never), window in minutes, asked]
  const table: [string, boolean, number | null, number, boolean][] = [
    ['no authenticator: nothing is asked', false, null, 5, false],
    ['no authenticator, even long after', false, 60, 5, false],
    ['enrolled, never given in this session', true, null, 5, true],
    ['given a minute ago, window 5', true, 1, 5, false],
    ['given 4.99 minutes ago, window 5', true, 4.99, 5, false],
    ['given exactly 5 minutes ago: the window has closed', true, 5, 5, true],
    ['given 6 minutes ago, window 5', true, 6, 5, true],
    ['given 6 minutes ago, window 10', true, 6, 10, false],
    ['given 59 minutes ago, window 60', true, 59, 60, false],
  ];
  const NOW = 10_000_000;
  it.each(table)('%s', (_what, enrolled, minutesAgo, window, asked) => {
    const at = minutesAgo === null ? null : NOW - minutesAgo * 60_000;
    expect(stepUpNeeded({ secondFactor: enrolled }, at, window, NOW)).toBe(asked);
    if (at !== null && !asked && enrolled)
      expect(stepUpUntil(at, window, NOW)).toBe(at + window * 60_000);
  });
});

describe('four eyes on the controls', () => {
  it('waits for a second admin once there are two or more', () => {
    expect([0, 1, 2, 3].map(fourEyesOnControls)).toEqual([false, false, true, true]);
  });
  const change = { status: 'pending', expiresAt: 2_000, authorId: 'ada' };
  // [what, change, decider id, roles, refusal or null]
  const table: [string, typeof change, string, Role[], string | null][] = [
    ['another admin', change, 'ben', ['admin'], null],
    ['another admin with more roles', change, 'ben', ['admin', 'approver'], null],
    ['its author', change, 'ada', ['admin'], 'AUTHOR_CANNOT_APPROVE'],
    ['an approver, not an admin', change, 'aiko', ['approver'], 'FORBIDDEN_ROLE'],
    ['a finance person', change, 'fatima', ['finance'], 'FORBIDDEN_ROLE'],
    ['once applied', { ...change, status: 'applied' }, 'ben', ['admin'], 'APPROVAL_CLOSED'],
    ['once rejected', { ...change, status: 'rejected' }, 'ben', ['admin'], 'APPROVAL_CLOSED'],
    ['once expired', { ...change, expiresAt: 1_000 }, 'ben', ['admin'], 'APPROVAL_EXPIRED'],
  ];
  it.each(table)('decided by %s', (_what, c, id, roles, refusal) => {
    expect(judgeControlChange(c, { id, roles }, 1_000)).toBe(refusal);
  });
});

describe('who is an active approver', () => {
  it.each([
    [['approver'], null, true],
    [['approver', 'finance'], null, true],
    [['approver'], 1_700_000_000_000, false],
    [['finance', 'admin'], null, false],
    [[], null, false],
  ] as [Role[], number | null, boolean][])('%j, deactivated at %s: %s', (roles, disabledAt, is) => {
    expect(isActiveApprover({ roles, disabledAt })).toBe(is);
  });

  it('is an approver of every role set, unless deactivated', () => {
    for (let mask = 0; mask < 1 << ROLES.length; mask++) {
      const roles = ROLES.filter((_, i) => mask & (1 << i));
      expect(isActiveApprover({ roles, disabledAt: null })).toBe(roles.includes('approver'));
      expect(isActiveApprover({ roles, disabledAt: 1 })).toBe(false);
    }
  });
});

describe('a delegate standing in for an approver away (docs/decisions/088)', () => {
  const state = (
    decisions: { userId: string; decision: 'approve' | 'reject'; forUserId?: string }[] = [],
    originatorId = 'creator',
  ) => ({
    kind: 'transaction' as const,
    status: 'pending',
    expiresAt: 2_000,
    originatorId,
    decisions,
  });
  const ana = (standsInFor: string[]) => ({ id: 'ana', roles: ['finance'] as Role[], standsInFor });
  // [what, state, decider, decision, required, outcome, for whom]
  const CASES: [
    string,
    ReturnType<typeof state>,
    { id: string; roles: Role[]; standsInFor?: string[] },
    'approve' | 'reject',
    number,
    string,
    string | undefined,
  ][] = [
    ['decides for the approver away', state(), ana(['bruno']), 'approve', 1, 'complete', 'bruno'],
    ['counts as one of two', state(), ana(['bruno']), 'approve', 2, 'recorded', 'bruno'],
    ['outside the window, nothing', state(), ana([]), 'approve', 1, 'FORBIDDEN_ROLE', undefined],
    [
      'never approves what they created',
      state([], 'ana'),
      ana(['bruno']),
      'approve',
      1,
      'CREATOR_CANNOT_APPROVE',
      undefined,
    ],
    [
      'never approves what the approver away created',
      state([], 'bruno'),
      ana(['bruno']),
      'approve',
      1,
      'CREATOR_CANNOT_APPROVE',
      undefined,
    ],
    [
      'may reject what the approver away created',
      state([], 'bruno'),
      ana(['bruno']),
      'reject',
      1,
      'rejected',
      'bruno',
    ],
    [
      'not for someone who decided already',
      state([{ userId: 'bruno', decision: 'approve' }]),
      ana(['bruno']),
      'approve',
      2,
      'ALREADY_DECIDED',
      undefined,
    ],
    [
      'for the next approver away who has not decided',
      state([{ userId: 'bruno', decision: 'approve' }]),
      ana(['bruno', 'carla']),
      'approve',
      2,
      'complete',
      'carla',
    ],
    [
      'once, however many stand-ins: one person counts once',
      state([{ userId: 'ana', decision: 'approve', forUserId: 'bruno' }]),
      ana(['bruno', 'carla']),
      'approve',
      3,
      'ALREADY_DECIDED',
      undefined,
    ],
    [
      'the approver back finds the decision given for them',
      state([{ userId: 'ana', decision: 'approve', forUserId: 'bruno' }]),
      { id: 'bruno', roles: ['approver'] },
      'approve',
      2,
      'ALREADY_DECIDED',
      undefined,
    ],
    [
      'an approver decides for themselves, even when named a delegate',
      state(),
      { id: 'dora', roles: ['approver'], standsInFor: ['bruno'] },
      'approve',
      1,
      'complete',
      undefined,
    ],
  ];
  it.each(CASES)('%s', (_what, s, decider, decision, required, expected, forWhom) => {
    const outcome = judge(s, decider, decision, required, 1_000);
    expect(outcome.kind === 'refused' ? outcome.refusal : outcome.kind).toBe(expected);
    const acting = actingFor(s, decider, decision);
    if (outcome.kind !== 'refused') expect('for' in acting ? acting.for : undefined).toBe(forWhom);
  });
});
