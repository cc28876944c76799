// Last month's statement totals by mail (issue 43): to those who chose it, once a month, their
// own month (their time zone), with the same exact totals as the statement page; once, whichever
// server sends it.
import { describe, expect, it } from 'vitest';
import { completedRecord } from '#/api/testing';
import { localIndex } from '../local-index/store';
import { notificationStore } from '../notifications/store';
import { dashboardDbFor, DIALECTS, insertPeople } from '../store/testing';
import { lastMonthOf, monthName, sendMonthlyStatements } from './monthly';

const NOVEMBER_2ND = Date.parse('2025-11-02T09:00:00Z');

describe('the month of a person', () => {
  it('is last month where they are', () => {
    // 00:30 on 1 November in Berlin is still October in UTC.
    const at = Date.parse('2025-10-31T23:30:00Z');
    expect(lastMonthOf(at, 'Europe/Berlin')).toMatchObject({
      month: '2025-10',
      from: Date.parse('2025-09-30T22:00:00Z'),
      to: Date.parse('2025-10-31T23:00:00Z'),
    });
    expect(lastMonthOf(at, 'UTC').month).toBe('2025-09');
  });

  it('is named in the reader’s language', () => {
    expect(monthName('2025-10', 'en')).toBe('October 2025');
    expect(monthName('2025-10', 'de')).toBe('Oktober 2025');
    expect(monthName('2025-10', 'pt-BR')).toBe('outubro de 2025');
  });
});

describe.each(DIALECTS)('monthly statement mail on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    await insertPeople(db, [
      { id: 'fin', email: 'fatima@partner.example', roles: 'finance' },
      { id: 'acc', email: 'vera@partner.example', roles: 'viewer' },
      { id: 'off', email: 'omar@partner.example', roles: 'finance' },
    ]);
    await notificationStore(db).setModes('fin', { monthlyStatement: 'immediately' });
    await notificationStore(db).setModes('acc', { monthlyStatement: 'digest' });
    await localIndex(db).putTransactions('sandbox', 'sendc2f', [
      completedRecord(1, '2025-10-14T10:00:00Z', { toAmount: '12500.50', fromAmount: '13750.12' }),
      completedRecord(2, '2025-10-20T10:00:00Z', {
        toAmount: '10.00',
        fromAmount: '10.25',
        fromCurrencySymbol: 'EUR',
      }),
      // September's: not in October's mail.
      completedRecord(3, '2025-09-20T10:00:00Z', { toAmount: '99.00', fromAmount: '100' }),
    ]);
  });
  const settings = { origin: () => 'https://dashboard.example', now: () => NOVEMBER_2ND };
  const mails = () =>
    store().db.selectFrom('outbox').selectAll().where('kind', '=', 'monthlyStatement').execute();

  it('mails October’s exact totals to those who chose it, once', async () => {
    expect(await sendMonthlyStatements(store(), settings)).toBe(2);
    const sent = await mails();
    expect(sent.map((m) => m.target).sort()).toEqual([
      'fatima@partner.example',
      'vera@partner.example',
    ]);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Your Partner Payments statement totals for October 2025');
    expect(mail.text_body).toContain(
      'EUR (sandbox): 2 transactions · deposited 10.25 EUR · paid out 12,510.50 EUR',
    );
    expect(mail.text_body).toContain('USDT(TRC20) (sandbox): 1 transaction');
    expect(mail.text_body).toContain('https://dashboard.example/reports');
    // Again, or from a second server: nothing more.
    expect(await sendMonthlyStatements(store(), settings)).toBe(0);
    expect(await mails()).toHaveLength(2);
  });

  it('speaks the reader’s language, with their formats', async () => {
    const db = store().db;
    // October's mails again, now for people who chose languages.
    await db.deleteFrom('statement_mail_state').execute();
    await db.deleteFrom('outbox').execute();
    await db.updateTable('app_user').set({ language: 'de' }).where('id', '=', 'fin').execute();
    await db
      .updateTable('app_user')
      .set({ language: 'fr', locale: 'en-GB' })
      .where('id', '=', 'acc')
      .execute();
    await sendMonthlyStatements(store(), settings);
    const sent = new Map((await mails()).map((m) => [m.target, m]));
    const german = sent.get('fatima@partner.example')!;
    expect(german.subject).toBe('Ihre Partner-Payments-Summen für Oktober 2025');
    expect(german.text_body).toContain(
      'EUR (sandbox): 2 Transaktionen · eingezahlt 10,25 EUR · ausgezahlt 12.510,50 EUR',
    );
    // French words, the person's British formats.
    const french = sent.get('vera@partner.example')!;
    expect(french.subject).toContain('octobre 2025');
    expect(french.text_body).toContain('12,510.50 EUR');
  });
});
