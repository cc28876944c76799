// Links that decide one approval from a mail (docs/decisions/087). A link is a random token of
// 256 bits, kept here only as its SHA-256; it is for one person and one approval, works until
// its expiry (the workspace's `linkMinutes`, 15 by default) and decides once: the first use
// claims it by a conditional update, so that two clicks, two tabs or two servers decide once.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { APPROVAL_SETTING_DEFAULTS, type TransactionApproval } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import type { DashboardDb } from './db';
import type { ApprovalLinkTable, Database } from './schema';

/** What a link decides: one transaction's quote or deposit approval. */
export interface LinkSubject {
  environment: string;
  product: Product;
  transactionId: number;
  action: TransactionApproval;
}

export const linkHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as it travels in a URL: 43 characters of base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** How long a link works, in minutes: the workspace's setting, read in `trx`. */
async function linkMinutesIn(trx: Kysely<Database>): Promise<number> {
  const row = await trx
    .selectFrom('workspace_setting')
    .select('value')
    .where('key', '=', 'linkMinutes')
    .executeTakeFirst();
  const saved = row ? (JSON.parse(row.value) as unknown) : undefined;
  return typeof saved === 'number' && Number.isInteger(saved) && saved >= 1 && saved <= 60
    ? saved
    : APPROVAL_SETTING_DEFAULTS.linkMinutes;
}

/**
 * One link per person for `subject`, written in `trx` (the transaction of the notice that carries
 * them): the tokens by person, and the moment they stop working. Links expired a day ago go.
 */
export async function issueApprovalLinks(
  trx: Kysely<Database>,
  userIds: readonly string[],
  subject: LinkSubject,
  now: number,
): Promise<{ tokens: Map<string, string>; expiresAt: number }> {
  const expiresAt = now + (await linkMinutesIn(trx)) * 60_000;
  const tokens = new Map(userIds.map((id) => [id, randomBytes(32).toString('base64url')]));
  await trx
    .deleteFrom('approval_link')
    .where('expires_at', '<', now - 86_400_000)
    .execute();
  if (tokens.size > 0)
    await trx
      .insertInto('approval_link')
      .values(
        [...tokens].map(([userId, token]) => ({
          token_hash: linkHashOf(token),
          user_id: userId,
          environment: subject.environment,
          product: subject.product,
          transaction_id: subject.transactionId,
          action: subject.action,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
          outcome: null,
        })),
      )
      .execute();
  return { tokens, expiresAt };
}

export interface ApprovalLink {
  hash: string;
  userId: string;
  subject: LinkSubject;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  outcome: 'approve' | 'reject' | null;
}

const toLink = (row: ApprovalLinkTable): ApprovalLink => ({
  hash: row.token_hash,
  userId: row.user_id,
  subject: {
    environment: row.environment,
    product: row.product as Product,
    transactionId: Number(row.transaction_id),
    action: row.action as TransactionApproval,
  },
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  usedAt: row.used_at === null ? null : Number(row.used_at),
  outcome: row.outcome as ApprovalLink['outcome'],
});

export function approvalLinkStore(store: DashboardDb) {
  const { db } = store;
  return {
    /** The link of this token, used or not; undefined for a token that never was one. */
    async read(token: string): Promise<ApprovalLink | undefined> {
      if (!LINK_TOKEN.test(token)) return undefined;
      const row = await db
        .selectFrom('approval_link')
        .selectAll()
        .where('token_hash', '=', linkHashOf(token))
        .executeTakeFirst();
      return row && toLink(row);
    },

    /** Uses the link for `outcome`, once, while it works: whether this call was the one. */
    async claim(link: ApprovalLink, outcome: 'approve' | 'reject', now: number) {
      const claimed = await db
        .updateTable('approval_link')
        .set({ used_at: now, outcome })
        .where('token_hash', '=', link.hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Gives a claimed link back, when the API could not be reached to carry its decision out. */
    async release(link: ApprovalLink, usedAt: number) {
      await db
        .updateTable('approval_link')
        .set({ used_at: null, outcome: null })
        .where('token_hash', '=', link.hash)
        .where('used_at', '=', usedAt)
        .execute();
    },
  };
}

export type ApprovalLinkStore = ReturnType<typeof approvalLinkStore>;
