// Deciding from a mail's link (docs/decisions/087): the mail telling an approver that a payout
// waits carries their own single-use links; the page shows what moves and decides through the
// same gate as the dashboard. A link approves once and only once, only for its person (another
// person's session refuses it), only within its life, with the second factor where enrolled
// (refused on the server, whatever the page sent), and the trail names the channel.
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../store/audit';
import {
  createdTransaction,
  personWithAuthenticator,
  startTestDashboard,
  type TestDashboard,
} from '../testing';

const MINUTE = 60_000;
let t: TestDashboard;
let ahead = 0;
let who: Record<'finance' | 'operations' | 'approver' | 'approver2', string>;
let samSecret: string;

/**
 * The link in the newest mail to `email` about transaction `id` (the text part), led by `lead`
 * (the mail's words in its reader's language).
 */
async function linkOf(email: string, id: number, lead = 'Review and approve:'): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const rows = await t.db.db
        .selectFrom('outbox')
        .select(['text_body', 'created_at'])
        .where('channel', '=', 'email')
        .where('target', '=', email)
        .orderBy('created_at', 'desc')
        .execute();
      const mail = rows.find((r) => r.text_body.includes(`#${id} `));
      found = new RegExp(`${lead} (\\S+)`).exec(mail?.text_body ?? '')?.[1];
      return found;
    })
    .toBeDefined();
  return new URL(found!).pathname;
}

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.base}${path}`, { headers, redirect: 'manual' });

const decide = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: t.base,
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

const status = async (id: number) =>
  (await t.call(who.finance, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus as string;

beforeAll(async () => {
  t = await startTestDashboard({ now: () => Date.now() + ahead, mail: { allowPrivateChat: true } });
  who = await t.demoCookies('finance', 'operations', 'approver', 'approver2');
  // Sam approves, with an authenticator app enrolled.
  samSecret = (
    await personWithAuthenticator(t, {
      email: 'sam@example.com',
      name: 'Sam Secure',
      roles: ['approver'],
    })
  ).secret;
});
afterAll(() => t.close());

describe('approving from the mail', () => {
  it('shows what moves, approves once, and names the channel on the trail', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('approver@demo.example', id);
    // A person who never saw this link finds nothing in the mail of another: each has their own.
    expect(await linkOf('approver2@demo.example', id)).not.toBe(link);

    const shown = await page(link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('set-cookie')).toBeNull();
    expect(shown.headers.get('content-security-policy')).toMatch(/style-src 'self' 'nonce-/);
    const html = await shown.text();
    for (const words of ['Payout', 'Deposit, fees included', 'Rate', 'Pays', 'Asked by', 'Needs'])
      expect(html).toContain(`<dt>${words}</dt>`);
    expect(html).toMatch(/1 USDT\(TRC20\) = [\d.]+ EUR/);
    expect(html).toContain('May be approved until');
    expect(html).toContain('Fatima'); // who asked (the demo's finance person)

    const approved = await decide(link, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.headers.get('set-cookie')).toBeNull();
    expect(await approved.text()).toContain('You approved the quote');
    await expect.poll(() => status(id)).toMatch(/AWAITING_DEPOSIT$/);

    // Replayed: nothing more, and it says why.
    const replayed = await decide(link, { decision: 'approve' });
    expect(replayed.status).toBe(409);
    expect(await replayed.text()).toContain('already used');
    const again = await page(link);
    expect(again.status).toBe(409);

    const trail = (await listAudit(t.db, { limit: 50 })).results;
    const sent = trail.find(
      (e) =>
        e.action === 'POST /v1/sendc2f/approveQuote/{id}' &&
        e.target === `sendc2f/approveQuote/${id}` &&
        e.outcome === 'ok',
    );
    expect(sent?.details).toMatchObject({ channel: 'mail link' });
    expect(sent?.actorEmail).toBe('approver@demo.example');
    expect(trail.some((e) => e.action === 'approval link' && e.details?.reason === 'used')).toBe(
      true,
    );
  });

  it('does nothing where another person is signed in, or after its life', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('approver@demo.example', id);
    // Forwarded: opened in the browser of Bea, another approver.
    const forwarded = await decide(link, { decision: 'approve' }, { cookie: who.approver2 });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.text()).toContain('someone else’s');
    expect(await status(id)).toMatch(/AWAITING_QUOTE_APPROVAL$/);
    // The person's own session is no obstacle; but after fifteen minutes the link is spent.
    ahead = 16 * MINUTE;
    const late = await decide(link, { decision: 'approve' });
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('expired');
    expect(await status(id)).toMatch(/AWAITING_QUOTE_APPROVAL$/);
    ahead = 0;
  });

  it('says so when someone else decided first, and changes nothing', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('approver@demo.example', id);
    // Bruno approves on the dashboard while Aiko's mail waits unread.
    expect((await t.call(who.approver2, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(
      200,
    );
    const shown = await (await page(link)).text();
    expect(shown).toContain('You cannot decide this now');
    expect(shown).not.toContain('name="decision"');
    const late = await decide(link, { decision: 'reject', reason: 'Too late' });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Bruno Approver');
    expect(await status(id)).toMatch(/AWAITING_DEPOSIT$/);
  });

  it('rejects with a reason, which it requires', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('approver@demo.example', id);
    expect(await (await page(`${link}?reject`)).text()).toMatch(/<details open>/);
    const bare = await decide(link, { decision: 'reject', reason: '  ' });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain('A reason is required');
    const rejected = await decide(link, { decision: 'reject', reason: 'Wrong payee' });
    expect(rejected.status).toBe(200);
    await expect.poll(() => status(id)).toMatch(/CANCELED$/);
    const trail = (await listAudit(t.db, { limit: 20 })).results;
    expect(
      trail.find((e) => e.action === 'reject approval' && e.target === `sendc2f/${id}`)?.details,
    ).toMatchObject({ reason: 'Wrong payee', channel: 'mail link' });
  });

  it('asks for the second factor on the server where one is enrolled', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('sam@example.com', id);
    expect(await (await page(link)).text()).toContain('Code from your authenticator app');
    // A form that leaves the code out, or has a wrong one, decides nothing and keeps the link.
    const none = await decide(link, { decision: 'approve' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Enter the code');
    const wrong = await decide(link, { decision: 'approve', code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('The code is wrong');
    expect(await status(id)).toMatch(/AWAITING_QUOTE_APPROVAL$/);
    // Not the code that confirmed the enrolment: a code is taken once.
    const code = new TOTP({ secret: samSecret }).generate({ timestamp: Date.now() + 30_000 });
    const approved = await decide(link, { decision: 'approve', code });
    expect(approved.status).toBe(200);
    await expect.poll(() => status(id)).toMatch(/AWAITING_DEPOSIT$/);
  });

  it('writes amounts and the rate in the person’s own formats', async () => {
    const formats = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
    expect((await t.call(who.approver2, 'PUT', '/account/formats', formats)).status).toBe(200);
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const html = await (await page(await linkOf('approver2@demo.example', id))).text();
    expect(html).toContain('1.000,00 EUR');
    expect(html).toMatch(/1 USDT\(TRC20\) = 0,\d+ EUR/);
    expect(html).toContain('Europe/Berlin');
  });

  it('speaks the person’s language: the page, its refusals and its outcome', async () => {
    expect(
      (await t.call(who.approver2, 'PUT', '/account/language', { language: 'de' })).status,
    ).toBe(200);
    try {
      const parties = await t.parties(who.operations);
      const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
      const link = await linkOf('approver2@demo.example', id, 'Prüfen und freigeben:');
      const html = await (await page(link)).text();
      expect(html).toContain('<html lang="de">');
      expect(html).toContain('Freigabe des Kursangebots: Auszahlung #');
      expect(html).toContain('aria-label="Was Sie freigeben"');
      expect(html).toContain('Ablehnen und die Transaktion stornieren');
      // A reject without its reason is refused in German, on the page itself.
      const refused = await decide(link, { decision: 'reject', reason: ' ' });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('Zum Ablehnen ist eine Begründung nötig');
      const approved = await decide(link, { decision: 'approve' });
      expect(approved.status).toBe(200);
      expect(await approved.text()).toMatch(
        /Sie haben das Kursangebot von Auszahlung #\d+ freigegeben/,
      );
      // Used, the link says so in German too; a token that is none, in the browser's language.
      expect(await (await page(link)).text()).toContain('Dieser Link wurde schon verwendet');
      const stranger = await page(`/approve/${'B'.repeat(43)}`, { 'accept-language': 'fr-FR' });
      expect(stranger.status).toBe(404);
      expect(await stranger.text()).toContain('Ce lien ne fonctionne pas');
    } finally {
      await t.call(who.approver2, 'PUT', '/account/language', { language: null });
    }
  });

  it('posts the links to the person’s own chat, never to the team’s channel', async () => {
    const own = 'http://127.0.0.1:9/aiko-direct-messages';
    const team = 'http://127.0.0.1:9/team-channel';
    const bad = await t.call(who.approver, 'PUT', '/account/chat-hook', { url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('url');
    expect((await t.call(who.approver, 'PUT', '/account/chat-hook', { url: own })).json).toEqual({
      url: own,
    });
    const admin = (await t.demoCookies('admin')).admin;
    expect(
      (await t.call(admin, 'POST', '/admin/chat-hooks', { kind: 'waitingForYou', url: team }))
        .status,
    ).toBe(200);
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const chats = await t.db.db
      .selectFrom('outbox')
      .select(['target', 'text_body'])
      .where('channel', '=', 'chat')
      .execute();
    const about = chats.filter((c) => c.text_body.includes(`#${id} `));
    const mine = about.find((c) => c.target === own)!;
    const channel = about.find((c) => c.target === team)!;
    expect(channel.text_body).not.toContain('/approve/');
    const link = /Review and approve: <([^>]+)>/.exec(mine.text_body)![1]!;
    expect(mine.text_body).toContain(`${link}?reject`);
    const approved = await decide(new URL(link).pathname, { decision: 'approve' });
    expect(approved.status).toBe(200);
    await expect.poll(() => status(id)).toMatch(/AWAITING_DEPOSIT$/);
    // The chat carries the same link as the mail: spent once, whichever channel it came by.
    expect((await decide(new URL(link).pathname, { decision: 'approve' })).status).toBe(409);
    expect((await t.call(who.approver, 'DELETE', '/account/chat-hook')).json).toEqual({
      url: null,
    });
  });

  it('names the dashboard as the channel of a decision taken on its screens', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    expect((await t.call(who.approver, 'POST', `/v1/sendc2f/approveQuote/${id}`)).status).toBe(200);
    const trail = (await listAudit(t.db, { limit: 20 })).results;
    const sent = trail.find((e) => e.target === `sendc2f/approveQuote/${id}` && e.outcome === 'ok');
    expect(sent?.details).toMatchObject({ channel: 'dashboard' });
  });

  it('refuses a form from another site and a token that is not one', async () => {
    const parties = await t.parties(who.operations);
    const id = await createdTransaction(t, who.finance, parties, 'sendc2f', { quoted: true });
    const link = await linkOf('approver@demo.example', id);
    const crossSite = await decide(
      link,
      { decision: 'approve' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    // A browser's form of another site: no origin it would name, but the site says so.
    const nullOrigin = await decide(
      link,
      { decision: 'approve' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    );
    expect(nullOrigin.status).toBe(403);
    expect(await status(id)).toMatch(/AWAITING_QUOTE_APPROVAL$/);
    expect((await page('/approve/not-a-token')).status).toBe(404);
    expect((await page(`/approve/${'A'.repeat(43)}`)).status).toBe(404);
    const huge = await decide(link, { decision: 'reject', reason: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await status(id)).toMatch(/AWAITING_QUOTE_APPROVAL$/);
  });
});
