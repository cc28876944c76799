// People's lifecycle by mail (docs/decisions/035): an invitation mail whose link sets the new
// person's password, and deactivation: the person's open session is refused at its next call,
// their approval stops counting for what is not done yet, and reactivation lets them back in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JSON_CSRF,
  partiesThrough,
  sessionCookieOf,
  startTestDashboard,
  type TestDashboard,
} from './testing';

let t: TestDashboard;
let admin: string;

beforeAll(async () => {
  t = await startTestDashboard({ mail: { intervalMs: 50 } });
  admin = (await t.signIn('admin@demo.example')).cookie;
});
afterAll(() => t.close());

async function keptMailTo(to: string) {
  for (let i = 0; i < 100; i++) {
    const mail = (await t.call(admin, 'GET', '/admin/mail')).json.results as {
      to: string;
      text: string;
      subject: string;
    }[];
    const found = mail.find((m) => m.to === to);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe('people by mail', () => {
  it('invites a new person by mail; the link sets the password and lets them sign in', async () => {
    const added = await t.call(admin, 'POST', '/admin/users', {
      email: 'nina@partner.example',
      name: 'Nina New',
      roles: ['finance'],
    });
    expect(added.status).toBe(200);
    // This server sends no mail (it keeps it): the admin is given the password to hand over.
    expect(added.json.oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(added.json.user).toMatchObject({ name: 'Nina New', invited: true });
    const mail = await keptMailTo('nina@partner.example');
    expect(mail.subject).toBe('Ada Admin invited you to the Partner Payments dashboard');
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const set = await fetch(`${t.base}/api/password-reset`, {
      method: 'POST',
      headers: JSON_CSRF,
      body: JSON.stringify({ token: link![1], password: 'a long new password' }),
    });
    expect(set.status).toBe(200);
    const signedIn = await t.signIn({
      email: 'nina@partner.example',
      password: 'a long new password',
    });
    expect(signedIn.response.status).toBe(200);
    // Signed in once, no longer invited.
    const people = (await t.call(admin, 'GET', '/admin/users')).json.results as {
      email: string;
      invited: boolean;
    }[];
    expect(people.find((p) => p.email === 'nina@partner.example')?.invited).toBe(false);
  });

  it('invites in the workspace’s language a person who never chose one', async () => {
    expect((await t.call(admin, 'PUT', '/admin/language', { language: 'de' })).status).toBe(200);
    try {
      const added = await t.call(admin, 'POST', '/admin/users', {
        email: 'greta@partner.example',
        name: 'Greta Neu',
        roles: ['finance', 'approver'],
      });
      expect(added.status).toBe(200);
      const mail = await keptMailTo('greta@partner.example');
      expect(mail.subject).toBe('Ada Admin hat Sie zum Partner-Payments-Dashboard eingeladen');
      expect(mail.text).toContain(
        'Ada Admin hat Sie dem Partner-Payments-Dashboard hinzugefügt, mit den Rollen Finanzen und Freigabe.',
      );
      expect(mail.text).toContain('Passwort festlegen – hier (der Link funktioniert einmal');
    } finally {
      await t.call(admin, 'PUT', '/admin/language', { language: 'en' });
    }
  });

  it.each([
    ['Mallory\r\nBcc: attacker@example.com', 'a line break'],
    ['Mallory\u0007', 'a bell'],
    ['Mallory \u202eelcaro', 'a mark that reverses the text'],
  ])('refuses a name with %j (%s) on the field, storing nothing', async (name) => {
    const before = (await t.call(admin, 'GET', '/admin/users')).json.results.length;
    const added = await t.call(admin, 'POST', '/admin/users', {
      email: 'mallory@partner.example',
      name,
      roles: ['viewer'],
    });
    expect(added.status).toBe(400);
    expect(added.json.errors).toEqual([
      { field: 'name', message: 'must be one line of text, without control characters' },
    ]);
    expect((await t.call(admin, 'GET', '/admin/users')).json.results).toHaveLength(before);
  });

  it('mails a reset link asked for on the sign-in page; the answer never tells who exists', async () => {
    const ask = (email: unknown) =>
      fetch(`${t.base}/api/password-reset/request`, {
        method: 'POST',
        headers: JSON_CSRF,
        body: JSON.stringify({ email }),
      });
    const known = await ask('Finance@Demo.example');
    expect(known.status).toBe(200);
    const unknown = await ask('nobody@partner.example');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    const mail = await keptMailTo('finance@demo.example');
    expect(mail.subject).toBe('Reset your Partner Payments password');
    expect(mail.text).toContain('If it was not you, ignore this mail');
    const token = /\/reset-password\?token=(\S+)/.exec(mail.text)![1];
    const set = await fetch(`${t.base}/api/password-reset`, {
      method: 'POST',
      headers: JSON_CSRF,
      body: JSON.stringify({ token, password: 'finance chose this one' }),
    });
    expect(await set.json()).toEqual({ reset: true, signedIn: true });
    expect(sessionCookieOf(set)).toMatch(/^session=/);
    // The link works once.
    const again = await fetch(`${t.base}/api/password-reset`, {
      method: 'POST',
      headers: JSON_CSRF,
      body: JSON.stringify({ token, password: 'finance chose another' }),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).detail).toContain('ask for a new one on the sign-in page');

    // A wrong address is named; nothing is mailed for an unknown one.
    const bad = await ask('not an address');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([
      { field: 'email', message: 'must be an email address' },
    ]);
    const mail2 = (await t.call(admin, 'GET', '/admin/mail')).json.results as { to: string }[];
    expect(mail2.some((m) => m.to === 'nobody@partner.example')).toBe(false);
    // Three an hour per address: the fourth is refused with a wait.
    for (let i = 0; i < 3; i++) expect((await ask('ops@partner.example')).status).toBe(200);
    const fourth = await ask('ops@partner.example');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('deactivates a person: the open session ends, approvals stop counting; reactivates', async () => {
    const aiko = (await t.signIn('approver@demo.example')).cookie;
    const people = (await t.call(admin, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
    }[];
    const aikoId = people.find((p) => p.email === 'approver@demo.example')!.id;
    const adminId = people.find((p) => p.email === 'admin@demo.example')!.id;
    expect((await t.call(aiko, 'GET', '/notifications')).status).toBe(200);

    const off = await t.call(admin, 'PUT', `/admin/users/${aikoId}/active`, { active: false });
    expect(off.json.disabledAt).toEqual(expect.any(Number));
    expect((await t.call(aiko, 'GET', '/notifications')).status).toBe(401);
    expect((await t.signIn('approver@demo.example')).response.status).not.toBe(200);
    const self = await t.call(admin, 'PUT', `/admin/users/${adminId}/active`, { active: false });
    expect(self.status).toBe(400);

    const on = await t.call(admin, 'PUT', `/admin/users/${aikoId}/active`, { active: true });
    expect(on.json.disabledAt).toBeNull();
    expect((await t.signIn('approver@demo.example')).response.status).toBe(200);
  });

  it('no longer counts a deactivated approver’s approval of what is not done yet', async () => {
    const parties = await partiesThrough(
      t.base,
      (await t.signIn('operations@demo.example')).cookie,
    );
    const finance = (await t.signIn('finance@demo.example')).cookie;
    const aiko = (await t.signIn('approver@demo.example')).cookie;
    const bruno = (await t.signIn('approver2@demo.example')).cookie;
    await t.call(admin, 'POST', '/controls/policies', {
      action: 'approveQuote',
      currency: 'EUR',
      minAmount: '0',
      approvers: 2,
    });
    const created = await t.call(finance, 'POST', '/v1/sendc2f/', {
      fromBusinessId: parties.merchantId,
      toBusinessExternalAccountId: parties.accounts.EUR,
      fromCurrencySymbol: 'USDT(TRC20)',
      toAmount: '99.00',
      purpose: 'SALARY',
    });
    const id = created.json.businessRequestId as number;
    expect((await t.call(aiko, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(202);
    const people = (await t.call(admin, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
    }[];
    const aikoId = people.find((p) => p.email === 'approver@demo.example')!.id;
    await t.call(admin, 'PUT', `/admin/users/${aikoId}/active`, { active: false });
    // Bruno's approval is the only one that counts now: still one short.
    const second = await t.call(bruno, 'POST', `/v1/sendc2f/approveQuote/${id}`);
    expect(second.status).toBe(202);
    expect((await t.call(finance, 'GET', `/v1/sendc2f/${id}`)).json.quoteApprovedDate).toBeNull();
    await t.call(admin, 'PUT', `/admin/users/${aikoId}/active`, { active: true });
  });
});

describe('an invitation where the server sends mail', () => {
  let mailing: TestDashboard;
  beforeAll(async () => {
    // An SMTP server that is not there: the mail waits in the outbox, which is all this needs.
    mailing = await startTestDashboard({
      mail: { smtpUrl: 'smtp://127.0.0.1:9', intervalMs: 60_000 },
    });
  });
  afterAll(() => mailing.close());

  it('shows the admin no password: the mailed link is the only way in', async () => {
    const ada = (await mailing.signIn('admin@demo.example')).cookie;
    const added = await mailing.call(ada, 'POST', '/admin/users', {
      email: 'otto@partner.example',
      name: 'Otto Onboarding',
      roles: ['onboarding'],
    });
    expect(added.status).toBe(200);
    expect(added.json.oneTimePassword).toBeNull();
    expect(added.json.user.invited).toBe(true);
  });
});
