// The audit trail: append-only and hash-chained. Each entry holds the hash of the one before it
// and its own hash over its contents and that previous hash, so editing, removing or reordering
// any row breaks the chain from there on; `verifyAuditChain` finds the first row that does.
//
// A plain hash can be recomputed by whoever can write the database; so each entry also carries a
// keyed hash (HMAC with a key derived from the server's secret key, kept outside the database),
// chained the same way, and the server keeps the newest entry it wrote (its number and keyed
// hash, itself keyed) in an anchor file beside the key: a rewrite needs the key, and cutting the
// newest entries off shows against the anchor (docs/decisions/026).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { type DashboardDb, lockFor } from './db';
import type { AuditTable, Database } from './schema';
import type { AuditOutcome, AuditQuery } from '#/api/audit';
import { apiActionsMatching } from '#/api/audit-actions';
import type { z } from 'zod';

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

/** What the chain's key is derived for, from the server's secret key. */
export const AUDIT_KEY_PURPOSE = 'audit-chain';

/** The key of the keyed chain, and where this server keeps its anchor (none in tests). */
export interface AuditSeal {
  key: Buffer;
  anchorFile?: string | undefined;
}

const macOf = (key: Buffer, seq: number, entry: AuditEntry, prevMac: string) =>
  createHmac('sha256', key)
    .update(contentOf(seq, entry, prevMac))
    .digest('hex');

interface Anchor {
  seq: number;
  mac: string;
  sig: string;
}
const anchorSig = (key: Buffer, seq: number, mac: string) =>
  createHmac('sha256', key).update(`audit-anchor ${seq} ${mac}`).digest('hex');

/** Anchors written per file, so that a late write never replaces a newer anchor. */
const anchored = new Map<string, number>();

function writeAnchor(seal: AuditSeal, seq: number, mac: string) {
  const file = seal.anchorFile;
  if (!file || (anchored.get(file) ?? 0) >= seq) return;
  anchored.set(file, seq);
  const anchor: Anchor = { seq, mac, sig: anchorSig(seal.key, seq, mac) };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function readAnchor(seal: AuditSeal): Anchor | 'forged' | undefined {
  if (!seal.anchorFile || !fs.existsSync(seal.anchorFile)) return undefined;
  try {
    const anchor = JSON.parse(fs.readFileSync(seal.anchorFile, 'utf8')) as Anchor;
    const expected = Buffer.from(anchorSig(seal.key, anchor.seq, anchor.mac), 'hex');
    const given = Buffer.from(String(anchor.sig), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? anchor : 'forged';
  } catch {
    return 'forged';
  }
}

/**
 * Gives every entry without a keyed hash one, in order, after checking its plain chain: the
 * entries written before keyed hashes existed, once. Runs under the chain's lock.
 */
async function sealIn(trx: Kysely<Database>, key: Buffer): Promise<void> {
  const last = await trx
    .selectFrom('audit_log')
    .select(['seq', 'mac'])
    .where('mac', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  let prevMac = last?.mac ?? GENESIS_HASH;
  let expected = last ? Number(last.seq) + 1 : 1;
  for (;;) {
    const page = await trx
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>=', expected)
      .orderBy('seq')
      .limit(1000)
      .execute();
    for (const raw of page) {
      const row = toRow(raw);
      if (row.seq !== expected || hashEntry(row.seq, row, row.prevHash) !== row.hash)
        throw new Error(`The audit trail is broken at entry ${row.seq}; it is not sealed.`);
      const mac = macOf(key, row.seq, row, prevMac);
      await trx.updateTable('audit_log').set({ mac }).where('seq', '=', row.seq).execute();
      prevMac = mac;
      expected++;
    }
    if (page.length < 1000) return;
  }
}

/** Seals the entries written before keyed hashes (at start: once, then nothing to do). */
export async function sealAuditChain(store: DashboardDb, seal: AuditSeal): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await lockFor(trx as Kysely<Database>, store.dialect, 'audit_log');
    await sealIn(trx as Kysely<Database>, seal.key);
  });
}

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

/** A row of the table as an entry of the trail. */
export function toRow(row: AuditTable): AuditRow {
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

/** What the trail is filtered by when read: a person, an action's words, an outcome. */
export type AuditFilter = Omit<z.output<typeof AuditQuery>, 'format'>;

/** A page of the trail, newest first, and whether older entries match too. */
export async function listAudit(
  store: DashboardDb,
  filter: AuditFilter,
): Promise<{ results: AuditRow[]; hasMore: boolean }> {
  let select = store.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc');
  if (filter.before) select = select.where('seq', '<', filter.before);
  if (filter.actor) select = select.where('actor_email', '=', filter.actor.toLowerCase());
  if (filter.action) {
    // The words the trail shows find the API calls they name; the text itself finds the rest.
    const text = `%${filter.action.replace(/[%_]/g, '').toLowerCase()}%`;
    const named = apiActionsMatching(filter.action);
    select = select.where((eb) =>
      eb.or([
        eb(sql<string>`lower(action)`, 'like', text),
        ...(named.length > 0 ? [eb('action', 'in', named)] : []),
      ]),
    );
  }
  if (filter.outcome) select = select.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) select = select.where('at', '>=', filter.from);
  if (filter.to !== undefined) select = select.where('at', '<', filter.to);
  const rows = await select.limit(filter.limit + 1).execute();
  return { results: rows.slice(0, filter.limit).map(toRow), hasMore: rows.length > filter.limit };
}

/** Appends one entry after the newest, in one transaction that holds the chain's lock. */
export async function appendAudit(
  store: DashboardDb,
  entry: AuditEntry,
  seal?: AuditSeal,
): Promise<AuditRow> {
  const row = await store.db.transaction().execute(async (trx) => {
    await lockFor(trx as Kysely<Database>, store.dialect, 'audit_log');
    let head = await trx
      .selectFrom('audit_log')
      .select(['seq', 'hash', 'mac'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (seal && head && head.mac === null) {
      // Entries another server wrote without a key: sealed now, before this one follows.
      await sealIn(trx as Kysely<Database>, seal.key);
      head = {
        ...head,
        mac: (
          await trx
            .selectFrom('audit_log')
            .select('mac')
            .where('seq', '=', head.seq)
            .executeTakeFirstOrThrow()
        ).mac,
      };
    }
    const seq = head ? Number(head.seq) + 1 : 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const hash = hashEntry(seq, entry, prevHash);
    const mac = seal ? macOf(seal.key, seq, entry, head?.mac ?? GENESIS_HASH) : null;
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
        mac,
      })
      .execute();
    return { ...entry, seq, prevHash, hash, mac };
  });
  if (seal && row.mac) writeAnchor(seal, row.seq, row.mac);
  const { mac: _mac, ...written } = row;
  return written;
}

export type ChainCheck =
  { ok: true; rows: number } | { ok: false; rows: number; seq: number; problem: string };

/**
 * Walks the whole chain in order; the first row that does not fit is named. With the key, each
 * keyed hash is checked too, and with an anchor, that the trail still reaches the entry it names.
 */
export async function verifyAuditChain(
  store: DashboardDb,
  batch = 1000,
  seal?: AuditSeal,
): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let prevMac = GENESIS_HASH;
  let expected = 1;
  let rows = 0;
  const anchor = seal ? readAnchor(seal) : undefined;
  if (anchor === 'forged')
    return { ok: false, rows: 0, seq: 0, problem: 'the anchor file is not one this key wrote' };
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
      if (seal) {
        const mac = raw.mac;
        if (mac === null || mac !== macOf(seal.key, row.seq, row, prevMac))
          return {
            ok: false,
            rows,
            seq: row.seq,
            problem: 'its keyed hash does not match: it was written or rewritten without the key',
          };
        if (anchor && row.seq === anchor.seq && mac !== anchor.mac)
          return { ok: false, rows, seq: row.seq, problem: 'it is not the entry the anchor names' };
        prevMac = mac;
      }
      prevHash = row.hash;
      expected++;
    }
    if (page.length < batch) {
      if (anchor && rows < anchor.seq)
        return {
          ok: false,
          rows,
          seq: rows + 1,
          problem: `the trail ends at entry ${rows}, but entry ${anchor.seq} was written: entries were removed from its end`,
        };
      return { ok: true, rows };
    }
  }
}

/**
 * An entry written by a background job of the dashboard (not a request): no address, the job's
 * name as the agent, and the person it acted for where there is one.
 */
export function appendJobAudit(
  store: DashboardDb,
  seal: AuditSeal | undefined,
  job: string,
  entry: Pick<AuditEntry, 'at' | 'action' | 'target' | 'outcome' | 'details'> &
    Partial<Pick<AuditEntry, 'actorId' | 'actorEmail' | 'roles' | 'requestId'>>,
) {
  return appendAudit(
    store,
    {
      actorId: null,
      actorEmail: null,
      roles: [],
      ip: '',
      userAgent: `dashboard ${job}`,
      requestId: null,
      ...entry,
    },
    seal,
  );
}
