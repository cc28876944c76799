// The audit trail: append-only and hash-chained. Each entry holds the hash of the one before it
// and its own hash over its contents and that previous hash, so editing, removing or reordering
// any row breaks the chain from there on; `verifyAuditChain` finds the first row that does.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { AuditTable, Database } from './schema';
import type { AuditOutcome } from '../../api/dashboard';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEntry {
  at: number;
  actorId: string | null;
  actorEmail: string | null;
  roles: string[];
  ip: string;
  userAgent: string;
  /** What was attempted, e.g. `sign-in`, `POST /v1/sendc2f/approveQuote/{id}`. */
  action: string;
  /** The record it was about, e.g. `sendc2f:17`. */
  target: string | null;
  outcome: AuditOutcome;
  requestId: string | null;
  /** The fields changed, or why it was refused. */
  details: Record<string, unknown> | null;
}

export type AuditRow = AuditEntry & { seq: number; prevHash: string; hash: string };

function contentOf(seq: number, entry: AuditEntry, prevHash: string): string {
  // Fixed field order: the hash must not depend on how an object was built.
  return JSON.stringify([
    seq,
    entry.at,
    entry.actorId,
    entry.actorEmail,
    entry.roles,
    entry.ip,
    entry.userAgent,
    entry.action,
    entry.target,
    entry.outcome,
    entry.requestId,
    entry.details,
    prevHash,
  ]);
}

export function hashEntry(seq: number, entry: AuditEntry, prevHash: string): string {
  return createHash('sha256')
    .update(contentOf(seq, entry, prevHash))
    .digest('hex');
}

function toRow(row: AuditTable): AuditRow {
  return {
    seq: Number(row.seq),
    at: Number(row.at),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    roles: row.roles ? row.roles.split(',') : [],
    ip: row.ip,
    userAgent: row.user_agent,
    action: row.action,
    target: row.target,
    outcome: row.outcome as AuditEntry['outcome'],
    requestId: row.request_id,
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Appends one entry after the newest, in one transaction that holds the chain's lock. */
export async function appendAudit(store: DashboardDb, entry: AuditEntry): Promise<AuditRow> {
  return store.db.transaction().execute(async (trx) => {
    await lockFor(trx as Kysely<Database>, store.dialect, 'audit_log');
    const head = await trx
      .selectFrom('audit_log')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const seq = head ? Number(head.seq) + 1 : 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const hash = hashEntry(seq, entry, prevHash);
    await trx
      .insertInto('audit_log')
      .values({
        seq,
        at: entry.at,
        actor_id: entry.actorId,
        actor_email: entry.actorEmail,
        roles: entry.roles.join(','),
        ip: entry.ip,
        user_agent: entry.userAgent,
        action: entry.action,
        target: entry.target,
        outcome: entry.outcome,
        request_id: entry.requestId,
        details: entry.details === null ? null : JSON.stringify(entry.details),
        prev_hash: prevHash,
        hash,
      })
      .execute();
    return { ...entry, seq, prevHash, hash };
  });
}

export type ChainCheck =
  { ok: true; rows: number } | { ok: false; rows: number; seq: number; problem: string };

/** Walks the whole chain in order; the first row that does not fit is named. */
export async function verifyAuditChain(store: DashboardDb, batch = 1000): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let expected = 1;
  let rows = 0;
  for (;;) {
    const page = await store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>=', expected)
      .orderBy('seq')
      .limit(batch)
      .execute();
    for (const raw of page) {
      const row = toRow(raw);
      rows++;
      if (row.seq !== expected)
        return { ok: false, rows, seq: row.seq, problem: `row ${expected} is missing before it` };
      if (row.prevHash !== prevHash)
        return {
          ok: false,
          rows,
          seq: row.seq,
          problem: 'its previous hash is not the hash of the row before',
        };
      if (hashEntry(row.seq, row, row.prevHash) !== row.hash)
        return { ok: false, rows, seq: row.seq, problem: 'its contents do not match its hash' };
      prevHash = row.hash;
      expected++;
    }
    if (page.length < batch) return { ok: true, rows };
  }
}
