// The audit trail on SQLite and PostgreSQL: appended in order with a hash chain, verified whole,
// and any edit, removal or reordering of a row found and named.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, type AuditEntry, verifyAuditChain } from './audit';
import type { DashboardDb } from './db';
import { DIALECTS, freshDashboardDb } from './testing';

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  at: 1_795_000_000_000 + n,
  actorId: 'u-1',
  actorEmail: 'ada@example.com',
  roles: ['finance', 'approver'],
  ip: '127.0.0.1',
  userAgent: 'test',
  action: `POST /v1/sendc2f/approveQuote/{id}`,
  target: `sendc2f:${n}`,
  outcome: 'ok',
  requestId: `req-${n}`,
  details: { n, amount: '100.50' },
  ...overrides,
});

describe.each(DIALECTS)('audit trail on %s', (dialect) => {
  let store: DashboardDb;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
  });
  afterAll(() => store.close());

  it('appends entries with consecutive numbers, each chained to the one before', async () => {
    const first = await appendAudit(store, entry(1));
    const second = await appendAudit(store, entry(2, { outcome: 'refused', details: null }));
    expect(first.seq).toBe(1);
    expect(second.seq).toBe(2);
    expect(second.prevHash).toBe(first.hash);
    expect(await verifyAuditChain(store)).toEqual({ ok: true, rows: 2 });
  });

  it('stays whole when many are appended at once', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => appendAudit(store, entry(10 + i))));
    expect(await verifyAuditChain(store)).toEqual({ ok: true, rows: 27 });
  });

  it('names the row whose contents were edited', async () => {
    await sql`UPDATE audit_log SET outcome = 'ok' WHERE seq = 2`.execute(store.db);
    expect(await verifyAuditChain(store)).toEqual({
      ok: false,
      rows: 2,
      seq: 2,
      problem: 'its contents do not match its hash',
    });
    await sql`UPDATE audit_log SET outcome = 'refused' WHERE seq = 2`.execute(store.db);
    expect((await verifyAuditChain(store)).ok).toBe(true);
  });

  it('names the row after one that was removed', async () => {
    await sql`DELETE FROM audit_log WHERE seq = 5`.execute(store.db);
    expect(await verifyAuditChain(store)).toMatchObject({ ok: false, seq: 6 });
  });

  it('names a row whose hash was recomputed to hide an edit', async () => {
    const other = await freshDashboardDb(dialect);
    for (let i = 1; i <= 4; i++) await appendAudit(other, entry(i));
    // Edit row 2 and fix its own hash: row 3 no longer points at it.
    const { hashEntry } = await import('./audit');
    const row2 = entry(2, { details: { n: 2, amount: '999.00' } });
    const row1 = await other.db
      .selectFrom('audit_log')
      .select('hash')
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await other.db
      .updateTable('audit_log')
      .set({ details: JSON.stringify(row2.details), hash: hashEntry(2, row2, row1.hash) })
      .where('seq', '=', 2)
      .execute();
    expect(await verifyAuditChain(other)).toEqual({
      ok: false,
      rows: 3,
      seq: 3,
      problem: 'its previous hash is not the hash of the row before',
    });
    await other.close();
  });
});
