// Dual control on SQLite and PostgreSQL: policies decide how many distinct approvers are needed,
// the creator can never approve, a rejection closes the request, and requests expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_TTL_MS,
  type ApprovalPolicy,
  type ApprovalStore,
  approvalStore,
  requiredApprovers,
} from './approvals';
import type { DashboardDb } from './db';
import { DIALECTS, freshDashboardDb } from './testing';

const subject = (transactionId: number, amount = '20000.00', currency = 'EUR') => ({
  environment: 'sandbox',
  product: 'sendc2f',
  transactionId,
  action: 'approveQuote' as const,
  currency,
  amount,
});

describe('requiredApprovers', () => {
  const policies: ApprovalPolicy[] = [
    { id: 'a', action: 'approveQuote', currency: 'EUR', minAmount: '10000', approvers: 2 },
    { id: 'b', action: 'approveQuote', currency: '*', minAmount: '500000', approvers: 3 },
    { id: 'c', action: 'approveDeposit', currency: 'EUR', minAmount: '0', approvers: 2 },
  ];
  it.each([
    ['9999.99', 'EUR', 1],
    ['10000.00', 'EUR', 2],
    ['20000', 'GBP', 1],
    ['500000', 'GBP', 3],
    ['600000', 'EUR', 3],
  ])('%s %s needs %i', (amount, currency, n) => {
    expect(requiredApprovers(policies, subject(1, amount, currency))).toBe(n);
  });
  it('compares amounts as decimals, not as text or floats', () => {
    expect(requiredApprovers(policies, subject(1, '9999.999999999999999999', 'EUR'))).toBe(1);
    expect(requiredApprovers(policies, subject(1, '10000.000000000000000001', 'EUR'))).toBe(2);
  });
});

describe.each(DIALECTS)('approvals on %s', (dialect) => {
  let db: DashboardDb;
  let approvals: ApprovalStore;
  let clock = 1_795_000_000_000;
  const finance = { id: 'u-finance', name: 'Fin' };
  const first = { id: 'u-first', name: 'First Approver' };
  const second = { id: 'u-second', name: 'Second Approver' };
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
    approvals = approvalStore(db, () => clock);
    await approvals.addPolicy(
      { action: 'approveQuote', currency: 'EUR', minAmount: '10000', approvers: 2 },
      'admin',
    );
  });
  afterAll(() => db.close());

  it('needs two distinct approvers above the policy amount, and never the creator', async () => {
    await approvals.recordOrigin(subject(17), finance.id);
    const request = await approvals.openRequest(subject(17));
    expect(request).toMatchObject({ required: 2, status: 'pending', decisions: [] });
    expect(await approvals.decide(request.id, finance, 'approve')).toEqual({
      refused: 'CREATOR_CANNOT_APPROVE',
    });
    const one = await approvals.decide(request.id, first, 'approve');
    expect(one).toMatchObject({
      complete: false,
      request: { decisions: [{ userName: 'First Approver' }] },
    });
    expect(await approvals.decide(request.id, first, 'approve')).toEqual({
      refused: 'ALREADY_DECIDED',
    });
    // The same request is found again while it is open.
    expect((await approvals.openRequest(subject(17))).id).toBe(request.id);
    const two = await approvals.decide(request.id, second, 'approve');
    expect(two).toMatchObject({ complete: true });
    await approvals.markApproved(request.id);
    expect(await approvals.decide(request.id, { id: 'x', name: 'X' }, 'approve')).toEqual({
      refused: 'APPROVAL_CLOSED',
    });
    const [history] = await approvals.requestsFor(subject(17));
    expect(history!.status).toBe('approved');
    expect(history!.decisions.map((d) => d.userName)).toEqual([
      'First Approver',
      'Second Approver',
    ]);
  });

  it('completes with one approver below the policy amount', async () => {
    const request = await approvals.openRequest(subject(18, '500.00'));
    expect(request.required).toBe(1);
    expect(await approvals.decide(request.id, first, 'approve')).toMatchObject({ complete: true });
  });

  it('closes on a rejection, with its reason', async () => {
    const request = await approvals.openRequest(subject(19));
    await approvals.decide(request.id, first, 'approve');
    const rejected = await approvals.decide(request.id, second, 'reject', 'Amount looks wrong');
    expect(rejected).toMatchObject({
      complete: false,
      request: { status: 'rejected', rejectReason: 'Amount looks wrong' },
    });
    expect((await approvals.pending('sandbox')).map((r) => r.transactionId)).not.toContain(19);
  });

  it('expires', async () => {
    const request = await approvals.openRequest(subject(20));
    clock += APPROVAL_TTL_MS;
    expect(await approvals.decide(request.id, first, 'approve')).toEqual({
      refused: 'APPROVAL_EXPIRED',
    });
    expect((await approvals.openRequest(subject(20))).id).not.toBe(request.id);
  });

  it('lets exactly one of two simultaneous last approvals complete the request', async () => {
    const request = await approvals.openRequest(subject(21));
    await approvals.decide(request.id, first, 'approve');
    const results = await Promise.all([
      approvals.decide(request.id, second, 'approve'),
      approvals.decide(request.id, { id: 'u-third', name: 'Third' }, 'approve'),
    ]);
    expect(results.filter((r) => 'complete' in r && r.complete)).toHaveLength(1);
    const after = await approvals.request(request.id);
    expect(after!.decisions).toHaveLength(3);
  });
});
