// A person's language (docs/decisions/091): chosen apart from the formats, taken from the browser
// at a first sign-in without overwriting a choice, the workspace's default set by an admin only,
// and the page written in the language the server chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_HEADER } from '#/api/testing';
import {
  createdTransaction,
  CSRF,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
} from './testing';

let t: TestDashboard;

beforeAll(async () => {
  t = await startTestDashboard({ mail: { intervalMs: 50 } });
});
afterAll(() => t.close());

async function languageOf(cookie: string) {
  const session = (await t.call(cookie, 'GET', '/session')).json as {
    user: { language: string | null };
  };
  return session.user.language;
}

async function pageLang(headers: Record<string, string>) {
  const page = await fetch(`${t.base}/sign-in`, { headers });
  return /<html lang="([^"]+)"/.exec(await page.text())?.[1];
}

describe('a person’s language', () => {
  it('starts as the browser’s at a first sign-in, and a choice made stays', async () => {
    const { cookie } = await t.signIn('finance@demo.example', {
      'accept-language': 'ja, de-AT;q=0.8, en;q=0.5',
    });
    expect(await languageOf(cookie)).toBe('de');
    const chosen = await t.call(cookie, 'PUT', '/account/language', { language: 'pt-BR' });
    expect(chosen.status).toBe(200);
    expect(chosen.json).toEqual({ language: 'pt-BR' });
    const again = await t.signIn('finance@demo.example', { 'accept-language': 'fr' });
    expect(await languageOf(again.cookie)).toBe('pt-BR');
    const page = await fetch(`${t.base}/account`, { headers: { cookie: again.cookie } });
    expect(await page.text()).toMatch(/<html lang="pt-BR"/);
  });

  it('refuses a language that is not one of ours, naming the field, and keeps the choice', async () => {
    const { cookie } = await t.signIn('approver@demo.example');
    await t.call(cookie, 'PUT', '/account/language', { language: 'es' });
    for (const language of ['xx', 'de-DE', 42, '']) {
      const refused = await t.call(cookie, 'PUT', '/account/language', { language });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('language');
    }
    expect(await languageOf(cookie)).toBe('es');
    // Null: the browser's again; the pseudo-language is accepted but never offered.
    expect((await t.call(cookie, 'PUT', '/account/language', { language: null })).status).toBe(200);
    expect(await languageOf(cookie)).toBeNull();
    expect((await t.call(cookie, 'PUT', '/account/language', { language: 'en-XA' })).status).toBe(
      200,
    );
  });

  it('writes a signed-out page in the browser’s language, else English; an admin sets the default for mails', async () => {
    expect(await pageLang({ 'accept-language': 'fr-CA,fr;q=0.9' })).toBe('fr');
    expect(await pageLang({ 'accept-language': 'ja' })).toBe('en');
    expect(await pageLang({})).toBe('en');
    const admin = (await t.signIn('admin@demo.example')).cookie;
    const viewer = (await t.signIn('viewer@demo.example')).cookie;
    expect((await t.call(viewer, 'PUT', '/admin/language', { language: 'es' })).status).toBe(403);
    expect((await t.call(admin, 'PUT', '/admin/language', { language: 'xx' })).status).toBe(400);
    const set = await t.call(admin, 'PUT', '/admin/language', { language: 'es' });
    expect(set.status).toBe(200);
    expect((await t.call(admin, 'GET', '/admin/language')).json).toEqual({ language: 'es' });
    // Pages read no setting (the sign-in page answers from memory under any load).
    expect(await pageLang({ 'accept-language': 'ja' })).toBe('en');
    expect(await pageLang({ 'accept-language': 'de' })).toBe('de');
    await t.call(admin, 'PUT', '/admin/language', { language: 'en' });
  });

  it('tells each approver in their language: in the app, by mail, with the workspace’s default for the rest', async () => {
    const { admin, finance, approver, approver2, operations } = await t.demoCookies(
      'admin',
      'finance',
      'approver',
      'approver2',
      'operations',
    );
    await t.call(approver, 'PUT', '/account/language', { language: 'de' });
    // Bruno never chose one: the workspace's default (French here) is his mail's language.
    await t.call(approver2, 'PUT', '/account/language', { language: null });
    await t.call(admin, 'PUT', '/admin/language', { language: 'fr' });
    try {
      const id = await createdTransaction(t, finance, await t.parties(operations), 'sendc2f');
      const titleOf = async (cookie: string) =>
        ((await t.call(cookie, 'GET', '/notifications')).json.results as { title: string }[])[0]
          ?.title;
      expect(await titleOf(approver)).toBe(
        `Auszahlung #${id} wartet auf Ihre Freigabe des Kursangebots`,
      );
      expect(await titleOf(approver2)).toBe(
        `Versement #${id} attend votre approbation de la cotation`,
      );
      let mail: { to: string; subject: string; text: string }[] = [];
      for (let i = 0; i < 100 && mail.length < 2; i++) {
        mail = ((await t.call(admin, 'GET', '/admin/mail')).json.results as typeof mail).filter(
          (m) => m.subject.includes(`#${id}`),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const to = (address: string) => mail.find((m) => m.to === address)!;
      expect(to('approver@demo.example').subject).toBe(
        `Auszahlung #${id} wartet auf Ihre Freigabe des Kursangebots`,
      );
      expect(to('approver@demo.example').text).toContain('Prüfen und freigeben');
      expect(to('approver@demo.example').text).toContain(`Öffnen: http`);
      expect(to('approver@demo.example').text).toContain(`Auszahlung #${id} über 1.000,00 EUR`);
      expect(to('approver@demo.example').text).toContain('„Eine Freigabe wartet auf Sie“');
      expect(to('approver2@demo.example').text).toContain('Vérifier et approuver');
    } finally {
      await t.call(admin, 'PUT', '/admin/language', { language: 'en' });
      await t.call(approver, 'PUT', '/account/language', { language: null });
    }
  });

  it('says why someone cannot approve in their language, the code unchanged', async () => {
    const { finance, operations } = await t.demoCookies('finance', 'operations');
    await t.call(finance, 'PUT', '/account/language', { language: 'de' });
    try {
      const id = await createdTransaction(t, finance, await t.parties(operations), 'sendc2f');
      // What a transaction's page reads (the inbox answers with the same words).
      const controls = (await t.call(finance, 'GET', `/controls/transactions/sendc2f/${id}`))
        .json as { actions: { approveQuote: { canAct: boolean; why: string | null } } };
      expect(controls.actions.approveQuote).toMatchObject({
        canAct: false,
        why: 'Zum Freigeben ist die Rolle „Freigabe“ nötig.',
      });
      const refused = await t.call(finance, 'POST', `/v1/sendc2f/approveQuote/${id}`);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({
        code: 'FORBIDDEN_ROLE',
        detail: 'Dafür ist die Rolle Freigabe nötig.',
      });
    } finally {
      await t.call(finance, 'PUT', '/account/language', { language: null });
    }
  });

  it('says why a transaction’s state refuses an action in the reader’s language', async () => {
    const { approver, operations } = await t.demoCookies('approver', 'operations');
    const id = await createdTransaction(t, operations, await t.parties(operations), 'sendc2f');
    const deposit = () => t.call(approver, 'POST', `/v1/sendc2f/approveDeposit/${id}`);
    // Before its deposit may be approved (the sandbox may have quoted it meanwhile).
    expect((await deposit()).json).toMatchObject({
      code: 'INVALID_STATE_TRANSITION',
      detail: expect.stringMatching(
        new RegExp(
          `^Cannot approve the deposit of transaction ${id}: it is OnOff_\\w+; that is possible only in OnOff_AWAITING_DEPOSIT\\.$`,
        ),
      ),
    });
    await t.call(approver, 'PUT', '/account/language', { language: 'de' });
    try {
      const refused = await deposit();
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({
        code: 'INVALID_STATE_TRANSITION',
        detail: expect.stringMatching(
          new RegExp(
            `^Transaktion ${id} kann nicht in der Einzahlung freigegeben werden: Der Status ist OnOff_\\w+; das ist nur in OnOff_AWAITING_DEPOSIT möglich\\.$`,
          ),
        ),
      });
    } finally {
      await t.call(approver, 'PUT', '/account/language', { language: null });
    }
  });

  it('tells the contract’s field messages and the opening sentence in the reader’s language', async () => {
    const { finance } = await t.demoCookies('finance');
    const bad = {
      product: 'sendc2f',
      body: {},
      repeat: 'monthly',
      date: '31.01.2027',
      cutoff: '25:00',
    };
    const said = {
      en: [
        'Give the payout, the day and, for a monthly one, the day of the month.',
        'must be a day such as 2027-01-31',
        'must be a time such as 16:00 (UTC)',
      ],
      de: [
        'Geben Sie die Auszahlung, den Tag und, bei einem monatlichen Zeitplan, den Tag des Monats an.',
        'muss ein Tag wie 2027-01-31 sein',
        'muss eine Uhrzeit wie 16:00 (UTC) sein',
      ],
    };
    try {
      for (const [language, [detail, date, cutoff]] of Object.entries(said)) {
        await t.call(finance, 'PUT', '/account/language', { language });
        const refused = await t.call(finance, 'POST', '/schedules', bad);
        expect(refused.status).toBe(400);
        expect(refused.json.detail).toBe(detail);
        expect(refused.json.errors).toEqual(
          expect.arrayContaining([
            { field: 'date', message: date },
            { field: 'cutoff', message: cutoff },
          ]),
        );
      }
    } finally {
      await t.call(finance, 'PUT', '/account/language', { language: null });
    }
  });

  it('refuses a wrong password and an away period in the reader’s language', async () => {
    const { viewer, approver } = await t.demoCookies('viewer', 'approver');
    await t.call(viewer, 'PUT', '/account/language', { language: 'de' });
    await t.call(approver, 'PUT', '/account/language', { language: 'de' });
    try {
      const wrong = await t.call(viewer, 'POST', '/account/password', {
        current: 'not the password at all',
        next: 'a long enough new password',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json).toMatchObject({
        detail: 'Das aktuelle Passwort ist nicht richtig.',
        errors: [{ field: 'current', message: 'ist nicht richtig' }],
      });
      const now = Date.now();
      const away = await t.call(approver, 'PUT', '/account/away', {
        from: now + 3_600_000,
        until: now + 1_800_000,
        delegateId: 'nobody',
      });
      expect(away.status).toBe(400);
      expect(away.json).toMatchObject({
        detail:
          'Die Vertretung oder die Daten können nicht übernommen werden: muss nach dem Beginn liegen.',
        errors: [{ field: 'until', message: 'muss nach dem Beginn liegen' }],
      });
    } finally {
      await t.call(viewer, 'PUT', '/account/language', { language: null });
      await t.call(approver, 'PUT', '/account/language', { language: null });
    }
  });

  it('tells a refusal’s detail in the reader’s language, the code and English unchanged', async () => {
    const { admin } = await t.demoCookies('admin');
    const missing = async () =>
      (await t.call(admin, 'DELETE', '/controls/policies/no-such-policy')).json;
    expect(await missing()).toMatchObject({ code: 'NOT_FOUND', detail: 'No such policy.' });
    await t.call(admin, 'PUT', '/account/language', { language: 'fr' });
    try {
      expect(await missing()).toMatchObject({
        code: 'NOT_FOUND',
        detail: 'Cette règle n’existe pas.',
      });
      const batch = await t.call(admin, 'GET', '/batches/00000000-0000-4000-8000-000000000000');
      expect(batch.status).toBe(404);
      expect(batch.json).toMatchObject({ code: 'NOT_FOUND', detail: 'Ce lot n’existe pas.' });
    } finally {
      await t.call(admin, 'PUT', '/account/language', { language: null });
    }
  });

  it('tells a bulk file’s problems, refusal and closing in the reader’s language; English without one', async () => {
    const { operations } = await t.demoCookies('operations');
    await t.call(operations, 'PUT', '/account/language', { language: 'de' });
    let batchId: string | undefined;
    try {
      const uploaded = await uploadBatchFile(
        t.base,
        operations,
        `${BATCH_HEADER}\nNobody Ltd,ACC-1,USDT(TRC20),12.5.3,SALARY,R-1\n`,
      );
      expect(uploaded.status).toBe(200);
      batchId = uploaded.id;
      expect(uploaded.json.rows[0].problems.map((p: { message: string }) => p.message)).toEqual([
        'payout_amount „12.5.3“ muss eine Zahl wie 1250.50 sein (Gruppierung wie 12,500.50 ist erlaubt).',
        'merchant „Nobody Ltd“ bezeichnet keinen Händler (nach ID, Registernummer oder genauem Namen)',
      ]);
      // The file of rows to fix: its problems in German, its columns as the template names them.
      const file = await fetch(
        `${t.base}/api/batches/${uploaded.id}/rows-file?which=problems&format=csv`,
        { headers: { cookie: operations } },
      );
      const text = await file.text();
      expect(text).toContain('merchant,payout_account');
      expect(text).toContain('bezeichnet keinen Händler');

      const empty = await uploadBatchFile(t.base, operations, '');
      expect(empty.status).toBe(400);
      expect(empty.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        detail: 'Die Datei ist leer.',
        errors: [{ field: 'file', message: 'ist leer' }],
      });
      const headerOnly = await uploadBatchFile(t.base, operations, `${BATCH_HEADER}\n`);
      expect(headerOnly.json).toMatchObject({
        code: 'VALIDATION_ERROR',
        detail: 'march.csv wurde nicht gelesen: Die Datei hat unter ihrer Kopfzeile keine Zeilen.',
        errors: [{ field: 'file', message: 'Die Datei hat unter ihrer Kopfzeile keine Zeilen.' }],
      });

      const cancelled = await t.call(operations, 'POST', `/batches/${uploaded.id}/cancel`, {
        reason: 'falscher Monat',
      });
      expect(cancelled.json.closedReason).toBe('Storniert von Omar Operations: falscher Monat');
    } finally {
      await t.call(operations, 'PUT', '/account/language', { language: null });
    }
    // Stored as words: the same batch read without a language is English.
    const english = await t.call(operations, 'GET', `/batches/${batchId!}`);
    expect(english.json.closedReason).toBe('Cancelled by Omar Operations: falscher Monat');
    expect(english.json.rows[0].problems[1].message).toBe(
      'merchant "Nobody Ltd" names no merchant (by id, registration number or exact name)',
    );
  });

  it('refuses a sign-in and a choice in the browser’s or the person’s language', async () => {
    const refused = await fetch(`${t.base}/api/session`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ email: 'finance@demo.example', password: 'not the password' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      detail: 'E-Mail-Adresse und Passwort passen zu keinem Konto.',
      errors: [{ field: 'password', message: 'passt nicht zur E-Mail-Adresse' }],
    });
    const { viewer } = await t.demoCookies('viewer');
    await t.call(viewer, 'PUT', '/account/language', { language: 'fr' });
    try {
      const format = await t.call(viewer, 'GET', '/batches/template?product=sendc2f&format=pdf');
      expect(format.json.errors[0]).toMatchObject({
        field: 'format',
        message: 'doit être csv ou xlsx',
      });
    } finally {
      await t.call(viewer, 'PUT', '/account/language', { language: null });
    }
  });
});
