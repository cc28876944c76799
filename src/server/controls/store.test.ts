// The money controls' tables on SQLite and PostgreSQL: policies kept once, decisions judged by
// the policies of the moment and serialized, one pending change per payout account, the record
// of what a payment went to, and the upgrade of policies saved before docs/decisions/025.
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BankDetails } from '#/api/controls';
import { LUMEN_BANK_DETAILS } from '#/api/testing';
import type { DashboardDb, DialectName } from '../store/db';
import { migrations } from '../store/migrations';
import { createDatabase } from '../store/postgres-cluster';
import { DIALECTS, freshDashboardDb } from '../store/testing';
import { type ControlsStore, controlsStore } from './store';
import { REQUEST_TTL_MS } from '../approvals/requests';
import { approvals } from '../approvals/approvals';
import { type RequestFacts, requestRef } from '../approvals/subjects/request';

const first = { id: 'u-first', name: 'First', roles: ['approver' as const] };
const second = { id: 'u-second', name: 'Second', roles: ['approver' as const] };
const third = { id: 'u-third', name: 'Third', roles: ['approver' as const] };
const creator = {
  id: 'u-creator',
  name: 'Creator',
  roles: ['finance' as const, 'approver' as const],
};

const details: BankDetails = LUMEN_BANK_DETAILS;

describe.each(DIALECTS)('the controls store on %s', (dialect) => {
  let db: DashboardDb;
  let store: ControlsStore;
  let clock = 1_800_000_000_000;
  let next = 100;
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
    store = controlsStore(db, () => clock);
    await store.addPolicy(
      {
        action: 'approveQuote',
        product: '*',
        currency: 'EUR',
        amountSide: 'payout',
        minAmount: '10000',
        approvers: 2,
      },
      'admin@example.com',
    );
  });
  afterAll(() => db.close());
  /** One decision, through the one place approvals are decided (../approvals). */
  const decide = (
    id: string,
    person: typeof creator,
    decision: 'approve' | 'reject',
    reason: string | null = null,
    facts?: RequestFacts,
  ) => approvals({ db, now: () => clock }).decide(requestRef(id, facts), person, decision, reason);

  const openQuote = async (amount = '20000.00') => {
    const ref = { environment: 'sandbox', product: 'sendc2f' as const, transactionId: ++next };
    await store.recordOrigin(ref, creator.id);
    return store.openApproval(
      {
        ...ref,
        action: 'approveQuote',
        payout: { currency: 'EUR', amount },
        deposit: { currency: 'USD', amount: null },
      },
      null,
    );
  };

  it('keeps one policy per action, product, currency, side and amount (as a decimal)', async () => {
    const same = await store.addPolicy(
      {
        action: 'approveQuote',
        product: '*',
        currency: 'EUR',
        amountSide: 'payout',
        minAmount: '10000.00',
        approvers: 3,
      },
      'admin@example.com',
    );
    expect(same).toMatchObject({ duplicate: { minAmount: '10000', approvers: 2 } });
    const other = await store.addPolicy(
      {
        action: 'approveQuote',
        product: '*',
        currency: 'EUR',
        amountSide: 'deposit',
        minAmount: '10000',
        approvers: 3,
      },
      null,
    );
    expect('policy' in other).toBe(true);
    if ('policy' in other)
      expect((await store.removePolicy(other.policy.id))?.id).toBe(other.policy.id);
    expect(await store.removePolicy('no-such-policy')).toBeUndefined();
    expect(await store.policies()).toHaveLength(1);
  });

  it('needs two distinct approvers above the amount; the creator is refused', async () => {
    const request = await openQuote();
    expect((await decide(request.id, creator, 'approve')).outcome).toEqual({
      kind: 'refused',
      refusal: 'CREATOR_CANNOT_APPROVE',
    });
    expect((await decide(request.id, first, 'approve')).outcome).toEqual({
      kind: 'recorded',
      approvals: 1,
    });
    expect((await decide(request.id, first, 'approve')).outcome).toMatchObject({
      refusal: 'ALREADY_DECIDED',
    });
    // The open request is found again, not doubled.
    const again = await store.openApproval(
      {
        environment: 'sandbox',
        product: 'sendc2f',
        transactionId: request.objectId,
        action: 'approveQuote',
        payout: { currency: 'EUR', amount: '20000.00' },
        deposit: { currency: 'USD', amount: null },
      },
      null,
    );
    expect(again.id).toBe(request.id);
    const done = await decide(request.id, second, 'approve');
    expect(done.outcome).toEqual({ kind: 'complete', approvals: 2, fresh: true });
    expect(done.required).toBe(2);
    await store.markApproved(request.id);
    expect((await decide(request.id, third, 'approve')).outcome).toMatchObject({
      refusal: 'APPROVAL_CLOSED',
    });
    const [history] = await store.approvalsOf({
      environment: 'sandbox',
      product: 'sendc2f',
      transactionId: request.objectId,
    });
    expect(history).toMatchObject({ status: 'approved' });
    expect(history!.decisions.map((d) => d.userName)).toEqual(['First', 'Second']);
  });

  it('judges by the amounts read last: a quote that grew past the policy needs a second person', async () => {
    const request = await openQuote('500.00');
    const grown = {
      payout: { currency: 'EUR', amount: '15000.00' },
      deposit: { currency: 'USD', amount: '16000' },
    };
    const one = await decide(request.id, first, 'approve', null, grown);
    expect(one.outcome).toEqual({ kind: 'recorded', approvals: 1 });
    expect(one.subject).toMatchObject({
      payout: { amount: '15000.00' },
      deposit: { amount: '16000' },
    });
  });

  it('takes one of simultaneous last decisions; the other is refused, naming who decided', async () => {
    const request = await openQuote();
    await decide(request.id, first, 'approve');
    const both = await Promise.all([
      decide(request.id, second, 'approve'),
      decide(request.id, third, 'approve'),
    ]);
    const kinds = both.map((d) => d.outcome.kind).sort();
    expect(kinds).toEqual(['complete', 'refused']);
    const won = both.find((d) => d.outcome.kind === 'complete')!;
    const lost = both.find((d) => d.outcome.kind === 'refused')!;
    expect(won.outcome).toMatchObject({ approvals: 2, fresh: true });
    expect(lost.outcome).toEqual({ kind: 'refused', refusal: 'APPROVAL_CLOSED' });
    const winner = won === both[0] ? second : third;
    expect(lost.decidedBy).toEqual({ name: winner.name, at: clock });
    // Two decisions counted: the first and the winner's; the release is under way.
    const stored = (await store.request(request.id))!;
    expect(stored.decisions.map((d) => d.userId).sort()).toEqual([first.id, winner.id].sort());
    expect(stored.releasedAt).toBe(clock);
  });

  it('closes on a rejection, with the reason', async () => {
    const request = await openQuote();
    await decide(request.id, first, 'approve');
    const rejected = await decide(request.id, second, 'reject', 'Amount looks wrong');
    expect(rejected.outcome).toEqual({ kind: 'rejected' });
    expect(rejected.subject).toMatchObject({ status: 'rejected', reason: 'Amount looks wrong' });
  });

  it('expires a request left too long', async () => {
    const request = await openQuote();
    clock += REQUEST_TTL_MS;
    expect((await decide(request.id, first, 'approve')).outcome).toMatchObject({
      refusal: 'APPROVAL_EXPIRED',
    });
    expect((await store.request(request.id))!.status).toBe('expired');
  });

  it('holds one pending change per payout account; its author never approves it', async () => {
    const change = {
      businessId: 7,
      before: details,
      after: { ...details, iban: 'FR7630006000011234567890189', countryIso: 'FR' },
      changed: ['iban', 'countryIso'],
      warnings: [],
    };
    const input = {
      environment: 'sandbox',
      accountId: 77,
      currency: 'EUR',
      author: creator,
      body: '{"iban":"FR7630006000011234567890189"}',
      change,
    };
    const opened = await store.openPayeeChange(input);
    if (!('change' in opened)) throw new Error('not opened');
    expect(await store.openPayeeChange(input)).toMatchObject({ pending: { id: opened.change.id } });
    expect((await decide(opened.change.id, creator, 'approve')).outcome).toMatchObject({
      refusal: 'AUTHOR_CANNOT_APPROVE',
    });
    expect((await store.pendingPayeeChanges('sandbox')).map((c) => c.id)).toEqual([
      opened.change.id,
    ]);
    const done = await decide(opened.change.id, first, 'approve');
    expect(done.outcome).toMatchObject({ kind: 'complete' });
    await store.markApproved(opened.change.id);
    expect(await store.pendingPayeeChanges('sandbox')).toEqual([]);
    const [kept] = await store.payeeChangesOf('sandbox', 77);
    expect(kept).toMatchObject({ status: 'approved', change: { after: { countryIso: 'FR' } } });
  });

  it('keeps what a payment went to as it was, once', async () => {
    const ref = { environment: 'sandbox', product: 'sendc2f' as const, transactionId: 9 };
    const recipient = { accountId: 3, currency: 'EUR', details, bankName: 'Commerzbank' };
    await store.recordRecipient(ref, recipient, first.id);
    await store.recordRecipient(
      ref,
      { ...recipient, details: { ...details, iban: 'X' } },
      first.id,
    );
    expect(await store.recipientOf(ref)).toMatchObject({
      accountId: 3,
      details,
      bankName: 'Commerzbank',
    });
  });
});

/** A database of the dialect migrated up to `last`, as a server before this change left it. */
async function databaseAt(dialect: DialectName, last: string) {
  let db: Kysely<unknown>;
  if (dialect === 'sqlite') {
    db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  } else {
    const { default: pg } = await import('pg');
    const url = await createDatabase(
      inject('postgresUrl'),
      `m_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    );
    db = new Kysely({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    });
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const upTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  await upTo(last);
  return { db, upTo };
}

describe.each(DIALECTS)('upgrading policies saved before the controls module on %s', (dialect) => {
  it('keeps their currency as the list spells it, one policy per meaning, the stricter', async () => {
    const { db, upTo } = await databaseAt(dialect, '008-transaction-notes');
    try {
      const old = [
        ['p1', 'approveDeposit', 'eur', '5000', 2],
        ['p2', 'approveDeposit', 'EUR', '5000.00', 3],
        ['p3', 'approveQuote', ' usd ', '100', 2],
        ['p4', 'approveQuote', '*', '0', 1],
      ] as const;
      for (const [id, action, currency, min, approvers] of old)
        await sql`INSERT INTO approval_policy (id, action, currency, min_amount, approvers, created_at)
          VALUES (${id}, ${action}, ${currency}, ${min}, ${approvers}, 1)`.execute(db);
      await sql`INSERT INTO approval_request (id, environment, product, transaction_id, action,
          currency, amount, required, status, created_at, expires_at)
        VALUES ('r1', 'sandbox', 'sendc2f', 28, 'approveDeposit', 'EUR', '12500.50', 1, 'pending', 1, 9)`.execute(
        db,
      );
      await upTo('009-money-controls');
      const policies = await sql<{
        id: string;
        currency: string;
        min_amount: string;
        approvers: number;
        product: string;
        amount_side: string;
      }>`SELECT id, currency, min_amount, approvers, product, amount_side FROM approval_policy ORDER BY id`.execute(
        db,
      );
      expect(policies.rows.map((r) => ({ ...r, approvers: Number(r.approvers) }))).toEqual([
        {
          id: 'p2',
          currency: 'EUR',
          min_amount: '5000',
          approvers: 3,
          product: '*',
          amount_side: 'payout',
        },
        {
          id: 'p3',
          currency: 'USD',
          min_amount: '100',
          approvers: 2,
          product: '*',
          amount_side: 'payout',
        },
        {
          id: 'p4',
          currency: '*',
          min_amount: '0',
          approvers: 1,
          product: '*',
          amount_side: 'payout',
        },
      ]);
      const request = await sql<{
        object_id: number;
        kind: string;
      }>`SELECT object_id, kind FROM approval_request`.execute(db);
      expect(request.rows.map((r) => ({ ...r, object_id: Number(r.object_id) }))).toEqual([
        { object_id: 28, kind: 'transaction' },
      ]);
      // Saying the same again is refused by the database itself.
      await expect(
        sql`INSERT INTO approval_policy (id, action, currency, min_amount, approvers, created_at, product, amount_side)
          VALUES ('p5', 'approveDeposit', 'EUR', '5000', 2, 1, '*', 'payout')`.execute(db),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });
});
