// The property of the money controls, on the real store (SQLite): whatever sequence of policy
// edits and decisions people make, an action is never let through with fewer distinct approvers
// than the strictest policy that applies at that moment asks, and the creator of a transaction
// or the author of a payee change never approves it. The expected number of approvers is worked
// out here from the policies, independently of ./rules.ts. Delegates stand in for approvers away
// (docs/decisions/088): one who is no approver decides for two approvers away, another for the
// originator; a person still counts once, and nobody approves for the originator.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#/api/roles';
import { PRODUCTS, type Product } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import { freshDashboardDb, insertPeople } from '../store/testing';
import type { PolicyRule } from './rules';
import { type ControlsStore, controlsStore } from './store';
import { approvals } from '../approvals/approvals';
import { requestRef } from '../approvals/subjects/request';

interface Person {
  id: string;
  name: string;
  roles: Role[];
}
const PEOPLE: Person[] = [
  { id: 'a1', name: 'A1', roles: ['approver'] },
  { id: 'a2', name: 'A2', roles: ['approver'] },
  { id: 'a3', name: 'A3', roles: ['approver'] },
  { id: 'a4', name: 'A4', roles: ['approver', 'viewer'] },
  // Created the transaction, or proposed the change, and is an approver too.
  { id: 'origin', name: 'Origin', roles: ['finance', 'onboarding', 'approver'] },
  { id: 'f1', name: 'F1', roles: ['finance'] },
  // Stands in for A1 and A2, who are away.
  { id: 'd1', name: 'D1', roles: ['finance'] },
  // Stands in for the originator, who is away.
  { id: 'd2', name: 'D2', roles: ['viewer'] },
];
const NOW = 1_800_000_000_000;
const AWAY = [
  ['a1', 'd1'],
  ['a2', 'd1'],
  ['origin', 'd2'],
] as const;

type Subject = {
  kind: 'transaction' | 'payee';
  action: 'approveQuote' | 'approveDeposit' | 'changeBankDetails';
  product: Product;
  payout: { currency: string; amount: string };
  deposit: { currency: string; amount: string | null };
};

type Command =
  | { kind: 'add'; policy: Omit<PolicyRule, 'id'> }
  | { kind: 'remove'; index: number }
  | { kind: 'decide'; person: number; decision: 'approve' | 'reject' };

const currency = fc.constantFrom('EUR', 'eur', ' Eur', 'GBP', 'USD', 'usd', '*');
/** Mostly "any product": so that policies and subjects meet often. */
const anyOrProduct = fc.constantFrom('*', '*', '*', ...PRODUCTS);
const amount = fc.constantFrom('0', '100', '4999.99', '5000', '12500.50', '20000');
const policy = fc.record({
  action: fc.constantFrom('approveQuote', 'approveDeposit', 'changeBankDetails') as fc.Arbitrary<
    PolicyRule['action']
  >,
  product: anyOrProduct as fc.Arbitrary<PolicyRule['product']>,
  currency,
  amountSide: fc.constantFrom('payout', 'deposit') as fc.Arbitrary<PolicyRule['amountSide']>,
  minAmount: amount,
  approvers: fc.integer({ min: 1, max: 3 }),
});
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), policy }),
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat(5) }),
  fc.record({
    kind: fc.constant('decide' as const),
    person: fc.nat(PEOPLE.length - 1),
    decision: fc.constantFrom('approve', 'approve', 'approve', 'reject') as fc.Arbitrary<
      'approve' | 'reject'
    >,
  }),
);
const subject: fc.Arbitrary<Subject> = fc.oneof(
  fc.record({
    kind: fc.constant('transaction' as const),
    action: fc.constantFrom('approveQuote', 'approveDeposit') as fc.Arbitrary<Subject['action']>,
    product: fc.constantFrom(...PRODUCTS),
    payout: fc.record({ currency: fc.constantFrom('EUR', 'EUR', 'GBP'), amount }),
    deposit: fc.record({
      currency: fc.constantFrom('USD', 'EUR'),
      amount: fc.option(amount, { nil: null }),
    }),
  }),
  fc.record({
    kind: fc.constant('payee' as const),
    action: fc.constant('changeBankDetails' as const),
    product: fc.constant('sendc2f' as const),
    payout: fc.record({ currency: fc.constantFrom('EUR', 'GBP'), amount: fc.constant('0') }),
    deposit: fc.constant({ currency: '', amount: null }),
  }),
);

/** How many approvers the policies ask for the subject: worked out here, not by ./rules. */
function expectedApprovers(policies: Omit<PolicyRule, 'id'>[], s: Subject): number {
  let most = 1;
  for (const p of policies) {
    if (p.action !== s.action) continue;
    const isPayee = s.kind === 'payee';
    // A payee change has no product: only policies for any product cover it.
    if (p.product !== '*' && (isPayee || p.product !== s.product)) continue;
    if (isPayee && p.amountSide === 'deposit') continue;
    const side = p.amountSide === 'deposit' ? s.deposit : s.payout;
    if (p.currency !== '*' && p.currency.trim().toUpperCase() !== side.currency.toUpperCase())
      continue;
    const known = isPayee ? null : side.amount;
    if (known !== null && new Decimal(known).lt(p.minAmount)) continue;
    most = Math.max(most, p.approvers);
  }
  return most;
}

describe('the money controls, as a property', () => {
  let db: DashboardDb;
  let store: ControlsStore;
  let next = 0;
  beforeAll(async () => {
    db = await freshDashboardDb('sqlite');
    store = controlsStore(db, () => NOW);
    await insertPeople(
      db,
      PEOPLE.map((p) => ({ id: p.id, email: `${p.id}@x.example`, roles: p.roles.join(',') })),
    );
    await db.db
      .insertInto('absence')
      .values(
        AWAY.map(([user, delegate]) => ({
          user_id: user,
          delegate_id: delegate,
          from_at: NOW - 1,
          until_at: NOW + 1,
          created_at: NOW - 1,
          created_by: user,
        })),
      )
      .execute();
  });
  afterAll(() => db.close());

  async function open(s: Subject) {
    const id = ++next;
    if (s.kind === 'payee') {
      const opened = await store.openPayeeChange({
        environment: 'sandbox',
        accountId: id,
        currency: s.payout.currency,
        author: { id: 'origin', name: 'Origin' },
        body: '{}',
        change: {
          businessId: 1,
          before: {} as never,
          after: {} as never,
          changed: [],
          warnings: [],
        },
      });
      if (!('change' in opened)) throw new Error('a change was pending already');
      return opened.change.id;
    }
    const ref = { environment: 'sandbox', product: s.product, transactionId: id };
    await store.recordOrigin(ref, 'origin');
    const request = await store.openApproval(
      { ...ref, action: s.action as 'approveQuote', payout: s.payout, deposit: s.deposit },
      null,
    );
    return request.id;
  }

  it('never lets an action through with fewer distinct approvers than asked, nor by its originator', async () => {
    await fc.assert(
      fc.asyncProperty(subject, fc.array(command, { maxLength: 14 }), async (s, commands) => {
        await db.db.deleteFrom('approval_policy').execute();
        const id = await open(s);
        let released = false;
        for (const c of commands) {
          if (c.kind === 'add') {
            await store.addPolicy(c.policy, 'admin');
          } else if (c.kind === 'remove') {
            const policies = await store.policies();
            const gone = policies[c.index % Math.max(1, policies.length)];
            if (gone) await store.removePolicy(gone.id);
          } else {
            const person = PEOPLE[c.person]!;
            const amounts =
              s.kind === 'transaction' ? { payout: s.payout, deposit: s.deposit } : undefined;
            const decided = await approvals({ db, now: () => NOW }).decide(
              requestRef(id, amounts),
              person,
              c.decision,
              'why',
            );
            if (decided.outcome.kind !== 'complete') continue;
            // Let through: check it against the policies as they are at this moment.
            expect(released, 'released twice').toBe(false);
            const given = decided.subject!.decisions.filter((d) => d.decision === 'approve');
            const approvers = new Set(given.map((d) => d.userId));
            // Distinct people, and distinct people they stand for.
            const principals = new Set(given.map((d) => d.forUserId ?? d.userId));
            const expected = expectedApprovers(await store.policies(), s);
            expect(approvers.size).toBeGreaterThanOrEqual(expected);
            expect(principals.size).toBeGreaterThanOrEqual(expected);
            expect(approvers.has('origin')).toBe(false);
            expect(principals.has('origin')).toBe(false);
            const rolesOf = (id: string) => PEOPLE.find((p) => p.id === id)!.roles;
            for (const d of given)
              if (d.forUserId) {
                expect(rolesOf(d.userId)).not.toContain('approver');
                expect(rolesOf(d.forUserId)).toContain('approver');
                expect(AWAY).toContainEqual([d.forUserId, d.userId]);
              } else expect(rolesOf(d.userId)).toContain('approver');
            await store.markApproved(id);
            released = true;
          }
        }
        // Whatever happened, the originator's approval was never recorded.
        const final = (await store.request(id))!;
        expect(
          final.decisions.some(
            (d) => (d.userId === 'origin' || d.forUserId === 'origin') && d.decision === 'approve',
          ),
        ).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
