// The audit trail on SQLite and PostgreSQL: appended in order with a hash chain, verified whole,
// and any edit, removal or reordering of a row found and named; with the key, a rewrite whose
// plain hashes were recomputed, and entries cut off its end against the anchor.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendAudit,
  type AuditEntry,
  type AuditSeal,
  GENESIS_HASH,
  hashEntry,
  sealAuditChain,
  toRow,
  verifyAuditChain,
} from './audit';
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

describe.each(DIALECTS)('the keyed audit chain on %s', (dialect) => {
  let store: DashboardDb;
  let dir: string;
  let seal: AuditSeal;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-anchor-'));
    seal = { key: randomBytes(32), anchorFile: path.join(dir, 'audit-anchor.json') };
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A rewrite by someone who can write the database but has no key: plain hashes recomputed. */
  async function rewriteFrom(seq: number, change: (e: AuditEntry) => AuditEntry) {
    const rows = await store.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
    let prev = rows.find((r) => Number(r.seq) === seq - 1)?.hash ?? GENESIS_HASH;
    for (const raw of rows.filter((r) => Number(r.seq) >= seq)) {
      const e: AuditEntry = toRow(raw);
      const changed = Number(raw.seq) === seq ? change(e) : e;
      const hash = hashEntry(Number(raw.seq), changed, prev);
      await store.db
        .updateTable('audit_log')
        .set({ outcome: changed.outcome, prev_hash: prev, hash })
        .where('seq', '=', raw.seq)
        .execute();
      prev = hash;
    }
  }

  it('seals entries written before it had a key, then chains keyed hashes', async () => {
    await appendAudit(store, entry(1));
    await appendAudit(store, entry(2));
    await sealAuditChain(store, seal);
    for (let n = 3; n <= 6; n++) await appendAudit(store, entry(n), seal);
    expect(await verifyAuditChain(store, 1000, seal)).toEqual({ ok: true, rows: 6 });
    expect(JSON.parse(fs.readFileSync(seal.anchorFile!, 'utf8'))).toMatchObject({ seq: 6 });
  });

  it('finds a rewrite whose plain hashes were recomputed', async () => {
    await rewriteFrom(4, (e) => ({ ...e, outcome: 'refused' }));
    // The plain chain is whole again: only the keyed chain tells.
    expect(await verifyAuditChain(store)).toMatchObject({ ok: true });
    expect(await verifyAuditChain(store, 1000, seal)).toMatchObject({
      ok: false,
      seq: 4,
      problem: expect.stringContaining('without the key'),
    });
    await rewriteFrom(4, (e) => ({ ...e, outcome: 'ok' }));
    expect(await verifyAuditChain(store, 1000, seal)).toMatchObject({ ok: true });
  });

  it('finds entries cut off its end, against the anchor', async () => {
    await sql`DELETE FROM audit_log WHERE seq >= 5`.execute(store.db);
    expect(await verifyAuditChain(store)).toMatchObject({ ok: true, rows: 4 });
    expect(await verifyAuditChain(store, 1000, seal)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('entries were removed from its end'),
    });
  });

  it('refuses an anchor the key did not write', async () => {
    fs.writeFileSync(seal.anchorFile!, JSON.stringify({ seq: 4, mac: 'x', sig: 'y' }));
    expect(await verifyAuditChain(store, 1000, seal)).toMatchObject({
      ok: false,
      problem: 'the anchor file is not one this key wrote',
    });
  });
});
