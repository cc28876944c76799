// The outbox on SQLite and PostgreSQL (docs/decisions/035): a notification written in a
// transaction becomes an in-app entry, an email for whoever wants it at once, and a chat
// message; the worker delivers mail to a real SMTP server started here (or keeps it in the
// database without one), retries what fails with a growing pause, and gives up after a while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { dashboardDbFor, DIALECTS, insertPeople } from '../store/testing';
import { MAX_ATTEMPTS, messageIdOf, outboxWorker } from './deliver';
import { notificationStore, notify } from './store';
import { localReceiver } from '#/http/testing';
import { smtpServer } from './testing-smtp';

const origin = () => 'https://dashboard.example';

describe.each(DIALECTS)('the outbox on %s', (dialect) => {
  let clock = 1_000_000;
  const store = dashboardDbFor(dialect, (db) =>
    insertPeople(db, [
      { id: 'ap1', email: 'aiko@partner.example', roles: 'approver' },
      { id: 'ap2', email: 'bruno@partner.example', roles: 'approver' },
      { id: 'fin', email: 'fatima@partner.example', roles: 'finance' },
    ]),
  );
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let chat: Awaited<ReturnType<typeof localReceiver>>;
  const chatted: unknown[] = [];
  beforeAll(async () => {
    smtp = await smtpServer();
    chat = await localReceiver((call, response) => {
      chatted.push(JSON.parse(call.body));
      response.end('ok');
    }, '/hook');
  });
  afterAll(async () => {
    await smtp.close();
    await chat.close();
  });

  const write = (event: Parameters<typeof notify>[1]) =>
    store()
      .db.transaction()
      .execute((trx) => notify(trx as Kysely<Database>, event, { origin, now: () => clock }));
  const worker = (options: Parameters<typeof outboxWorker>[1] = {}) =>
    outboxWorker(store(), { now: () => clock, ...options });
  const outbox = () => store().db.selectFrom('outbox').selectAll().orderBy('created_at').execute();

  it('writes in-app entries and an email for whoever wants it at once; SMTP delivers it', async () => {
    const notes = notificationStore(store(), () => clock);
    await notes.setModes('ap2', { waitingForYou: 'off' });
    await write({
      kind: 'waitingForYou',
      userIds: ['ap1', 'ap2'],
      title: 'Payout #41 waits for your approval',
      body: 'Payout #41 of 1,250.50 EUR from Lumen Textiles GmbH waits for its quote approval.',
      link: '/transactions/payouts/41',
    });
    expect((await notes.list('ap1', true, 10)).unread).toBe(1);
    expect((await notes.list('ap2', true, 10)).unread).toBe(1);
    const pending = await outbox();
    expect(pending.map((m) => [m.channel, m.target, m.status])).toEqual([
      ['email', 'aiko@partner.example', 'pending'],
    ]);
    await worker({ smtpUrl: smtp.url, from: 'Dashboard <dash@partner.example>' }).kick();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatchObject({
      to: 'aiko@partner.example',
      subject: 'Payout #41 waits for your approval',
      messageId: messageIdOf(pending[0]!.id),
    });
    expect(mail.text).toContain('Open it: https://dashboard.example/transactions/payouts/41');
    expect(mail.html).toContain('<a href="https://dashboard.example/transactions/payouts/41">');
    expect((await outbox())[0]).toMatchObject({ status: 'delivered', delivered_at: clock });
    // Read: no longer counted.
    const [first] = (await notes.list('ap1', false, 10)).results;
    await notes.markRead('ap1', first!.id);
    expect(await notes.unread('ap1')).toBe(0);
  });

  it('retries a refused mail after a pause, and gives up after the last attempt', async () => {
    await store().db.deleteFrom('outbox').execute();
    await write({ kind: 'batchFinished', userIds: ['fin'], title: 'T', body: 'B', link: null });
    smtp.refuseNext(1);
    const before = smtp.received.length;
    const w = worker({ smtpUrl: smtp.url });
    await w.kick();
    let [message] = await outbox();
    expect(message).toMatchObject({ status: 'pending', attempts: 1 });
    expect(message!.last_error).toMatch(/try again later/);
    await w.kick(); // not due yet
    expect(smtp.received.length).toBe(before);
    clock += 2_000;
    await w.kick();
    [message] = await outbox();
    expect(message).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(smtp.received.length).toBe(before + 1);

    await write({ kind: 'batchFinished', userIds: ['fin'], title: 'T2', body: 'B', link: null });
    smtp.refuseNext(MAX_ATTEMPTS);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await w.kick();
      clock += 4_000_000;
    }
    const failed = (await outbox()).find((m) => m.subject === 'T2')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('keeps mail in the database without an SMTP server, once per message', async () => {
    await store().db.deleteFrom('outbox').execute();
    await write({
      kind: 'newSignIn',
      userIds: ['fin'],
      title: 'A new sign-in',
      body: 'B',
      link: '/account',
    });
    await worker().kick();
    const notes = notificationStore(store(), () => clock);
    const kept = await notes.keptMail(10);
    expect(kept[0]).toMatchObject({ to: 'fatima@partner.example', subject: 'A new sign-in' });
    // Delivered again (a server stopped before its record): still one kept mail.
    const [message] = await outbox();
    await store()
      .db.updateTable('outbox')
      .set({ status: 'pending' })
      .where('id', '=', message!.id)
      .execute();
    await worker().kick();
    expect((await notes.keptMail(10)).filter((m) => m.id === message!.id)).toHaveLength(1);
  });

  it('posts to a chat hook of the kind, and refuses private addresses outside tests', async () => {
    await store().db.deleteFrom('outbox').execute();
    const notes = notificationStore(store(), () => clock);
    const hook = await notes.addChatHook('webhookFailing', chat.url, null);
    await write({
      kind: 'webhookFailing',
      userIds: [],
      title: 'A webhook endpoint keeps failing',
      body: 'https://erp.example/hooks failed 5 times.',
      link: '/sandbox',
    });
    await worker({ allowPrivateChat: true }).kick();
    expect(chatted).toEqual([
      {
        text: 'A webhook endpoint keeps failing: https://erp.example/hooks failed 5 times. <https://dashboard.example/sandbox>',
      },
    ]);
    await write({ kind: 'webhookFailing', userIds: [], title: 'Again', body: 'B', link: null });
    await worker().kick();
    const refused = (await outbox()).find((m) => m.subject === 'Again')!;
    expect(refused.last_error).toMatch(/must lead to a public address/);
    expect(chatted).toHaveLength(1);
    // The admin lists the chat's host as the team's own network: delivered after all.
    await notes.setPrivateChatHosts(['127.0.0.1'], 'ada@partner.example');
    clock += 60 * 60_000;
    await worker().kick();
    expect(chatted).toHaveLength(2);
    await notes.setPrivateChatHosts([], null);
    await notes.removeChatHook(hook.id);
  });
});
