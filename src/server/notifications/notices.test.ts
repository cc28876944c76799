// Each event's notice in its recipient's language (decision 091): the same event told to a
// German and an English reader, with numbers as each language writes them.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { dashboardDbFor, insertPeople } from '../store/testing';
import { said } from '#/i18n/words';
import { waitedWords } from '../approvals/nudges';
import { notices, NUDGE, REJECTED } from './notices';
import { notificationStore } from './store';

describe('notices in the reader’s language', () => {
  let clock = 1_000_000;
  const store = dashboardDbFor('sqlite', async (db) => {
    await insertPeople(db, [
      { id: 'de', email: 'greta@partner.example', roles: 'finance,admin' },
      { id: 'en', email: 'emma@partner.example', roles: 'finance,admin' },
    ]);
    await db.db.updateTable('app_user').set({ language: 'de' }).where('id', '=', 'de').execute();
  });
  const tell = (event: (trx: Kysely<Database>, n: ReturnType<typeof notices>) => Promise<void>) =>
    // Each later than the last: the newest is the one just told.
    (clock += 1000) &&
    store()
      .db.transaction()
      .execute((trx) =>
        event(
          trx as Kysely<Database>,
          notices({ origin: () => 'https://dashboard.example', now: () => clock }),
        ),
      );
  const newest = async (userId: string) =>
    (await notificationStore(store(), () => clock).list(userId, false, 1)).results[0]!;

  it('tells a transaction’s end, a bulk file’s outcome and a failing webhook', async () => {
    for (const creatorId of ['de', 'en'])
      await tell((trx, n) =>
        n.transactionEnded(trx, {
          product: 'sendc2f',
          id: 12,
          status: 'COMPLETED',
          amount: '2500.5',
          currency: 'EUR',
          creatorId,
        }),
      );
    expect(await newest('de')).toMatchObject({
      title: 'Auszahlung #12 abgeschlossen',
      body: 'Auszahlung #12 über 2.500,50 EUR ist abgeschlossen.',
    });
    expect(await newest('en')).toMatchObject({
      title: 'Payout #12 completed',
      body: 'Payout #12 of 2,500.50 EUR completed.',
    });

    await tell((trx, n) =>
      n.batchFinished(trx, {
        id: 'b1',
        fileName: 'march.csv',
        uploadedBy: 'de',
        created: 1,
        failed: 2,
      }),
    );
    expect(await newest('de')).toMatchObject({
      title: 'march.csv: 2 Zahlungen abgelehnt',
      body: '1 Transaktion wurde angelegt und ihr Kursangebot freigegeben; die API hat 2 Zeilen abgelehnt, die Sie zum Korrigieren herunterladen können.',
    });

    await tell((trx, n) =>
      n.webhookFailing(trx, {
        environment: 'sandbox',
        id: 3,
        url: 'https://hooks.partner.example/in',
        attempts: 5,
        lastError: 'HTTP 503',
        again: true,
      }),
    );
    expect((await newest('de')).title).toBe(
      'Webhook-Endpunkt https://hooks.partner.example/in schlägt weiterhin fehl',
    );
    expect((await newest('en')).body).toBe(
      'Events to webhook endpoint #3 (https://hooks.partner.example/in) in sandbox are still not delivered: 5 tries of the newest, the last: HTTP 503. The environment keeps retrying; see its deliveries in the event log.',
    );
  });

  it('tells a rejection and a reminder, their parts in words too', async () => {
    await tell((trx, n) =>
      n.requestRejected(trx, {
        userId: 'de',
        by: said(REJECTED.onBehalf, { name: 'Ana', forName: 'Bruno' }),
        reason: 'falscher Monat',
        what: said(REJECTED.whatBatch, { fileName: 'march.csv' }),
        after: said(REJECTED.afterBatch),
        link: '/batches/b1',
      }),
    );
    expect(await newest('de')).toMatchObject({
      title: 'Ana im Auftrag von Bruno hat die Sammelauszahlungsdatei march.csv abgelehnt',
      body: 'Ana im Auftrag von Bruno hat die Sammelauszahlungsdatei march.csv abgelehnt: „falscher Monat“. Die Datei ist storniert; nichts daraus wurde gezahlt.',
    });
    await tell((trx, n) =>
      n.approvalNudge(trx, {
        step: 'remind',
        what: said(NUDGE.whatBatch, { fileName: 'march.csv' }),
        waited: waitedWords(50 * 3_600_000),
        askedBy: null,
        adminsDecide: true,
        note: said(NUDGE.openIt),
        link: '/batches/b1',
      }),
    );
    expect(await newest('de')).toMatchObject({
      title: 'Erinnerung: die Sammeldatei march.csv, wartet seit 2 Tagen',
      body: 'Erinnerung: die Sammeldatei march.csv, wartet seit 2 Tagen. Öffnen Sie die Seite, um freizugeben oder abzulehnen.',
    });
    expect((await newest('en')).title).toBe(
      'Reminder: the bulk file march.csv, waiting for 2 days',
    );
  });
});
