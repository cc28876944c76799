// The outbox worker (docs/decisions/035): every server looks for due messages, claims each with a
// lease (a conditional update: one server at a time, on SQLite and PostgreSQL alike), delivers
// it, and marks it delivered, or due again later with a growing pause, or failed after
// MAX_ATTEMPTS. An email carries its outbox id as its Message-ID, so the one that a server killed
// between the SMTP server's acceptance and its own record sends again is the same message; mail
// kept in the database (no SMTP server) is written once by its id.
import { randomUUID } from 'node:crypto';
import { inPool } from '../pool';
import { leaseFree, leases, RELEASED } from '../store/lease';
import type { Transporter } from 'nodemailer';
import { nodemailer } from '../lazy-packages';
import { leadsToListedHost, postWebhook, publicTargetProblem } from '#/http/outbound-targets';
import { repeatingPass } from '../repeating-pass';
import type { DashboardDb } from '../store/db';
import type { OutboxTable } from '../store/schema';
import { privateChatHosts } from './store';
import { englishOfText } from '#/i18n/words';

export const MAX_ATTEMPTS = 8;
const CHAT_TIMEOUT_MS = 10_000;
/** Messages claimed at once when mail is kept in the database (written in one transaction). */
const KEPT_BATCH = 100;

export interface OutboxOptions {
  /** `smtp://user:pass@host:port` (or smtps://); without it mail is kept in the database. */
  smtpUrl?: string | undefined;
  /** The From of every mail. */
  from?: string;
  /** Chat hooks on private addresses (tests only: production refuses them). */
  allowPrivateChat?: boolean;
  leaseMs?: number;
  intervalMs?: number;
  concurrency?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

/** The pause before the next attempt: 2 s, 4 s, 8 s… up to an hour. */
export const retryDelay = (attempts: number) => Math.min(3_600_000, 1_000 * 2 ** attempts);

/** The Message-ID of an outbox message: the same for every attempt. */
export const messageIdOf = (id: string) => `<${id}@partner-payments.dashboard>`;

export function outboxWorker(store: DashboardDb, options: OutboxOptions = {}) {
  const {
    leaseMs = 30_000,
    intervalMs = 1_000,
    concurrency = 4,
    now = Date.now,
    from = 'Partner Payments <no-reply@partner-payments.invalid>',
    log = () => undefined,
  } = options;
  const { db } = store;
  const owner = randomUUID();
  const lease = leases(db, 'outbox', 'pending');
  // The mail transport, made with the first email sent (nodemailer loads then).
  const smtpUrl = options.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const smtp = smtpUrl
    ? () => (transport ??= nodemailer().then((mailer) => mailer.createTransport(smtpUrl)))
    : undefined;

  /** Claims up to `limit` due messages for this server: three statements, however many. */
  async function claim(limit: number): Promise<OutboxTable[]> {
    const at = now();
    const due = await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_at', '<=', at)
      .where(leaseFree(at))
      .orderBy('next_at')
      .limit(limit)
      .execute();
    const ids = due.map((d) => d.id);
    if ((await lease.takeMany(ids, owner, at, leaseMs)) === 0) return [];
    return db
      .selectFrom('outbox')
      .selectAll()
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .where('lease_until', '=', at + leaseMs)
      .execute();
  }

  /**
   * Mail kept in the database (no SMTP server), a claimed batch at once: written and marked
   * delivered in one transaction, each mail once by its id (a message approving 200 people's
   * payouts tells them in a few statements, not three each).
   */
  async function keep(messages: readonly OutboxTable[]) {
    if (messages.length === 0) return;
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('kept_mail')
        .values(
          messages.map((m) => ({
            id: m.id,
            to_address: m.target,
            subject: m.subject,
            text_body: m.text_body,
            html_body: m.html_body,
            kind: m.kind,
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .updateTable('outbox')
        .set({ status: 'delivered', delivered_at: at, ...RELEASED })
        .where(
          'id',
          'in',
          messages.map((m) => m.id),
        )
        .where('lease_owner', '=', owner)
        .execute();
    });
  }

  async function send(message: OutboxTable): Promise<void> {
    if (message.channel === 'email') {
      if (!smtp) return keep([message]);
      const mailer = await smtp();
      await mailer.sendMail({
        from,
        to: message.target,
        subject: message.subject,
        text: message.text_body,
        ...(message.html_body ? { html: message.html_body } : {}),
        messageId: messageIdOf(message.id),
      });
      return;
    }
    // A host the admin listed as the team's own network may be private (decision 050).
    const allowPrivate =
      (options.allowPrivateChat ?? false) ||
      leadsToListedHost(message.target, await privateChatHosts(store));
    if (!allowPrivate) {
      const problem = await publicTargetProblem(message.target);
      if (problem) throw new Error(`The chat hook's URL ${englishOfText(problem)}.`);
    }
    const answer = await postWebhook(
      message.target,
      { 'content-type': 'application/json', 'user-agent': 'Partner Payments dashboard' },
      JSON.stringify({ text: message.text_body }),
      { timeoutMs: CHAT_TIMEOUT_MS, allowPrivate },
    );
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`The chat answered ${answer.status}: ${answer.bodyStart.slice(0, 200)}`);
  }

  async function deliver(message: OutboxTable) {
    try {
      await send(message);
      await db
        .updateTable('outbox')
        .set({ status: 'delivered', delivered_at: now(), ...RELEASED })
        .where('id', '=', message.id)
        .where('lease_owner', '=', owner)
        .execute();
    } catch (error) {
      const attempts = Number(message.attempts) + 1;
      await db
        .updateTable('outbox')
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          next_at: now() + retryDelay(attempts),
          last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
          ...RELEASED,
        })
        .where('id', '=', message.id)
        .where('lease_owner', '=', owner)
        .execute();
    }
  }

  /** Delivers what is due until nothing is. */
  async function pass() {
    for (;;) {
      if (job.stopping()) return;
      const claimed = await claim(smtp ? concurrency * 5 : KEPT_BATCH);
      if (claimed.length === 0) return;
      // Mail kept in the database goes a batch at once; the rest one by one.
      const keptHere = (m: OutboxTable) => !smtp && m.channel === 'email';
      await keep(claimed.filter(keptHere));
      await inPool(
        claimed.filter((m) => !keptHere(m)),
        concurrency,
        deliver,
        job.stopping,
      );
    }
  }

  const job = repeatingPass(pass, { intervalMs, name: 'outbox', log });

  return {
    owner,
    /** Whether mail goes to an SMTP server (else it is kept in the database). */
    smtp: smtp !== undefined,
    kick: job.kick,
    start: job.start,
    report: job.report,
    async stop() {
      await job.stop();
      // A transport made is closed; none is made for it.
      await transport?.then(
        (made) => made.close(),
        () => undefined,
      );
    },
  };
}

export type OutboxWorker = ReturnType<typeof outboxWorker>;
