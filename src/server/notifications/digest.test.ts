// The daily digest on SQLite and PostgreSQL (docs/decisions/035): one mail a day per person who
// chose "daily digest" for a kind, listing what they have not read since their last digest;
// nothing for a person with nothing new, and never twice, even with two servers at it at once.
import { describe, expect, it } from 'vitest';
import { dashboardDbFor, DIALECTS, insertPeople } from '../store/testing';
import { DIGEST_HOUR_UTC } from '#/api/notifications';
import { digestCutoff, digestMail, sendDigests } from './digest';
import { notificationStore, notify } from './store';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 2026-11-20 00:00 UTC. */
const MIDNIGHT = Date.UTC(2026, 10, 20);
const origin = () => 'https://dashboard.example';

describe('digestCutoff', () => {
  it('is the newest digest hour at or before the time', () => {
    const at8 = MIDNIGHT + DIGEST_HOUR_UTC * HOUR;
    expect(digestCutoff(at8)).toBe(at8);
    expect(digestCutoff(at8 + 1)).toBe(at8);
    expect(digestCutoff(at8 - 1)).toBe(at8 - DAY);
    expect(digestCutoff(MIDNIGHT + DAY - 1)).toBe(at8);
  });
});

describe.each(DIALECTS)('the daily digest on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    await insertPeople(db, [
      { id: 'dana', email: 'dana@partner.example', roles: 'finance' },
      { id: 'ivo', email: 'ivo@partner.example', roles: 'finance' },
      { id: 'olga', email: 'olga@partner.example', roles: 'finance' },
      { id: 'gone', email: 'gone@partner.example', roles: 'finance', disabled: true },
    ]);
    const prefs = notificationStore(db);
    // dana: transactions that ended by digest (the default), bulk payouts by digest too;
    // ivo: everything at once; olga: transactions that ended off.
    await prefs.setModes('dana', { batchFinished: 'digest' });
    await prefs.setModes('ivo', { transactionEnded: 'immediately' });
    await prefs.setModes('olga', { transactionEnded: 'off' });
  });

  const tell = async (
    userIds: string[],
    kind: 'transactionEnded' | 'batchFinished',
    title: string,
    at: number,
  ) =>
    store()
      .db.transaction()
      .execute((trx) =>
        notify(trx, { kind, userIds, title, body: title, link: '/x' }, { origin, now: () => at }),
      );
  const digests = async () =>
    (await store().db.selectFrom('outbox').selectAll().where('kind', '=', 'digest').execute()).map(
      (m) => ({ to: m.target, subject: m.subject, text: m.text_body }),
    );

  it('mails each person one digest of what they have not read, once', async () => {
    const day1 = MIDNIGHT + DIGEST_HOUR_UTC * HOUR;
    const everyone = ['dana', 'ivo', 'olga', 'gone'];
    await tell(everyone, 'transactionEnded', 'Payout #1 completed', day1 + HOUR);
    await tell(everyone, 'transactionEnded', 'Payout #2 was cancelled', day1 + 2 * HOUR);
    await tell(['dana'], 'batchFinished', 'salaries.csv is submitted', day1 + 3 * HOUR);
    // After the next cutoff: not in this digest.
    await tell(everyone, 'transactionEnded', 'Payout #3 completed', day1 + DAY + HOUR);
    // Dana read the second one in the app.
    const read = await notificationStore(store()).list('dana', false, 10);
    await notificationStore(store()).markRead(
      'dana',
      read.results.find((n) => n.title === 'Payout #2 was cancelled')!.id,
    );

    // Two servers at the same moment: one digest each, not two.
    const at = day1 + DAY + 5 * 60_000;
    const settings = { origin, now: () => at + 2 * HOUR };
    const [a, b] = await Promise.all([
      sendDigests(store(), settings),
      sendDigests(store(), settings),
    ]);
    expect(a + b).toBe(1);
    const mails = await digests();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe('dana@partner.example');
    expect(mail!.subject).toBe('Your Partner Payments digest: 2 notifications since 2026-11-20');
    expect(mail!.text).toContain(
      '- salaries.csv is submitted (11:00 UTC)\n  https://dashboard.example/x',
    );
    expect(mail!.text).toContain('- Payout #1 completed (09:00 UTC)');
    expect(mail!.text).not.toContain('Payout #2');
    expect(mail!.text).not.toContain('Payout #3');
    // Ivo (at once) and Olga (off) have no digest; a deactivated person none either.
    expect(await sendDigests(store(), settings)).toBe(0);

    // The next day: Payout #3 for Dana, and only that.
    expect(await sendDigests(store(), { origin, now: () => at + DAY })).toBe(1);
    const next = (await digests()).filter((m) => m.text.includes('Payout #3'));
    expect(next).toHaveLength(1);
    expect(next[0]!.subject).toContain('1 notification since 2026-11-21');
    expect(await digests()).toHaveLength(2);
  });
});

describe('digestMail', () => {
  const cutoff = MIDNIGHT + DIGEST_HOUR_UTC * HOUR;
  /** A digest of one notification told an hour before the cutoff, for a person in Berlin. */
  const berlinDigest = (title: string, language?: string) =>
    digestMail(
      [{ kind: 'transactionEnded', title, link: null, createdAt: cutoff - HOUR }],
      'https://dashboard.example',
      cutoff,
      'Europe/Berlin',
      language,
    );

  it('writes times in the person’s time zone when they chose one', () => {
    const mail = berlinDigest('Payout #1 completed');
    expect(mail.text).toContain('since 2026-11-19 09:00 Europe/Berlin:');
    expect(mail.text).toContain('- Payout #1 completed (08:00 Europe/Berlin)');
  });

  it('writes its own words in the reader’s language', () => {
    const mail = berlinDigest('Auszahlung #1 abgeschlossen', 'de');
    expect(mail.subject).toBe(
      'Ihre Partner-Payments-Zusammenfassung: 1 Benachrichtigung seit 2026-11-19',
    );
    expect(mail.text).toContain(
      'Im Dashboard noch nicht gelesen, seit 2026-11-19 09:00 Europe/Berlin:',
    );
    expect(mail.text).toContain('- Auszahlung #1 abgeschlossen (08:00 Europe/Berlin)');
    expect(mail.text).toContain('Sie erhalten diese Zusammenfassung für: ');
  });
});
