// The outbox survives a real crash and a second server (docs/decisions/035). A dashboard server
// (its own process) is killed with SIGKILL while it delivers 120 mails to a slow SMTP server
// started here, started again, and every mail arrives, each with its own Message-ID: none lost;
// the few the killed server had handed over but not yet recorded are sent again with the same
// Message-ID (which mail systems collapse). On SQLite and PostgreSQL. Then two servers' workers
// on one PostgreSQL deliver 200 mails between them, each exactly once.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { type DashboardDb, openDashboardDb } from '../store/db';
import { DIALECTS, freshDashboardDb } from '../store/testing';
import { dashboardProcess, serverProcessFolders } from '../testing';
import { outboxWorker } from './deliver';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const folders = serverProcessFolders('outbox-crash-');

/** An SMTP server that takes `delayMs` per message and keeps each one's Message-ID. */
async function slowSmtp(delayMs: number) {
  const ids: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString()));
      stream.on('end', () => {
        setTimeout(() => {
          ids.push(/^Message-ID: (.*)$/im.exec(text)?.[1]?.trim() ?? '');
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    ids,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function queueMails(store: DashboardDb, count: number, prefix: string) {
  const at = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    channel: 'email',
    target: `person${i}@partner.example`,
    kind: 'waitingForYou',
    subject: `Mail ${i}`,
    text_body: `Mail ${i}`,
    html_body: null,
    status: 'pending',
    attempts: 0,
    next_at: at,
    lease_owner: null,
    lease_until: null,
    created_at: at,
    delivered_at: null,
    last_error: null,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await store.db
      .insertInto('outbox')
      .values(rows.slice(i, i + 100))
      .execute();
}

const delivered = async (store: DashboardDb) =>
  Number(
    (
      await store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'delivered')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('the outbox after a crash (%s)', (dialect) => {
  it('delivers every mail after a SIGKILL midway, none lost', async () => {
    const MAILS = 120;
    const smtp = await slowSmtp(25);
    const { dataDir, env, start } = await dashboardProcess(folders, dialect, {
      SMTP_URL: smtp.url,
      DASHBOARD_OUTBOX_LEASE_MS: '1500',
    });
    const first = await start();
    // The server made and migrated the database; the mails are queued beside it.
    const store = await openDashboardDb(
      env.DASHBOARD_DATABASE_URL
        ? { url: env.DASHBOARD_DATABASE_URL }
        : { file: path.join(dataDir, 'dashboard.db') },
    );
    try {
      await queueMails(store, MAILS, 'crash');
      const deadline = Date.now() + 60_000;
      while (smtp.ids.length < 20) {
        if (Date.now() > deadline) throw new Error('the delivery never got under way');
        await sleep(20);
      }
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      expect(await delivered(store)).toBeLessThan(MAILS);

      await start();
      while ((await delivered(store)) < MAILS) {
        if (Date.now() > deadline + 60_000) throw new Error('the outbox was not emptied');
        await sleep(100);
      }
      const distinct = new Set(smtp.ids);
      expect(distinct.size).toBe(MAILS);
      for (let i = 0; i < MAILS; i++)
        expect(
          distinct.has(`<crash-${String(i).padStart(4, '0')}@partner-payments.dashboard>`),
        ).toBe(true);
      // Sent again only what the killed server had in flight (4 at a time), same Message-ID.
      expect(smtp.ids.length - MAILS).toBeLessThanOrEqual(4);
    } finally {
      await store.close();
      await smtp.close();
    }
  }, 120_000);
});

describe('two servers on one PostgreSQL', () => {
  it('deliver each mail exactly once between them', async () => {
    const MAILS = 200;
    const smtp = await slowSmtp(2);
    const store = await freshDashboardDb('postgres');
    const racing = { smtpUrl: smtp.url, intervalMs: 10, leaseMs: 5_000, concurrency: 3 };
    const a = outboxWorker(store, racing);
    const b = outboxWorker(store, racing);
    try {
      await queueMails(store, MAILS, 'pair');
      a.start();
      b.start();
      const deadline = Date.now() + 60_000;
      while ((await delivered(store)) < MAILS) {
        if (Date.now() > deadline) throw new Error('the outbox was not emptied');
        await sleep(50);
      }
      expect(smtp.ids).toHaveLength(MAILS);
      expect(new Set(smtp.ids).size).toBe(MAILS);
    } finally {
      await a.stop();
      await b.stop();
      await store.close();
      await smtp.close();
    }
  }, 90_000);
});
