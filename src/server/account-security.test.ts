// Guessing secrets in parallel, and what a session alone may not do: sign-in guesses sent together
// are counted before any is checked; the password and authenticator codes of a signed-in person
// are limited too; a session alone never removes the second step; a password change ends the
// other sessions; only the newest reset link works.
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  JSON_CSRF,
  sessionCookieOf,
  startTestDashboard,
  type TestDashboard,
} from './testing';

let t: TestDashboard;
let from = 0;
/** Each test signs in from its own address: the per-address limit of one does not touch another. */
const address = () => `203.0.113.${++from}`;

beforeAll(async () => {
  t = await startTestDashboard({ trustProxy: 'loopback' });
});
afterAll(() => t.close());

async function signIn(body: object, ip: string) {
  const response = await fetch(`${t.base}/api/session`, {
    method: 'POST',
    headers: { ...JSON_CSRF, 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const cookie = sessionCookieOf(response);
  return { status: response.status, cookie, json: await response.json() };
}

async function person(email: string) {
  const { password } = await t.server.workspace.createUser({
    email,
    name: email.split('@')[0]!,
    roles: ['finance'],
  });
  return password;
}

const post = (cookie: string, path: string, body?: object) =>
  fetch(`${t.base}/api${path}`, {
    method: 'POST',
    headers: { cookie, ...(body ? JSON_CSRF : CSRF) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Enrols an authenticator for a signed-in person; its TOTP generator. */
async function enrol(cookie: string) {
  const begun = await (await post(cookie, '/account/totp')).json();
  const totp = new TOTP({ secret: begun.secret });
  const confirmed = await post(cookie, '/account/totp/confirm', { code: totp.generate() });
  expect(confirmed.status).toBe(200);
  return { totp, recoveryCodes: (await confirmed.json()).recoveryCodes as string[] };
}

describe('guessing in parallel', () => {
  it('evaluates at most the limit of 100 simultaneous wrong sign-ins, the right one among them refused', async () => {
    const password = await person('parallel@example.com');
    const ip = address();
    const guesses = Array.from({ length: 100 }, (_, i) =>
      signIn({ email: 'parallel@example.com', password: i === 60 ? password : `wrong ${i}` }, ip),
    );
    const answers = await Promise.all(guesses);
    const evaluated = answers.filter((a) => a.status !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(90);
    // The right password sent 61st was not checked: no session was made from it.
    expect(answers[60]!.status).toBe(429);
  });

  it('evaluates at most the limit of simultaneous wrong authenticator codes', async () => {
    const password = await person('codes@example.com');
    const first = await signIn({ email: 'codes@example.com', password }, address());
    const { totp } = await enrol(first.cookie);
    const ip = address();
    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        signIn({ email: 'codes@example.com', password, code: wrong }, ip),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('does not count a right sign-in, nor the question for the code, as a failure', async () => {
    const password = await person('counted@example.com');
    const ip = address();
    for (let i = 0; i < 12; i++)
      expect((await signIn({ email: 'counted@example.com', password }, ip)).status).toBe(200);
  });
});

describe('a signed-in person', () => {
  it('cannot remove the second step with the session alone', async () => {
    const password = await person('totp-keep@example.com');
    const first = await signIn({ email: 'totp-keep@example.com', password }, address());
    const { recoveryCodes } = await enrol(first.cookie);
    const bare = await post(first.cookie, '/account/totp', {});
    expect(bare.status).toBe(400);
    expect((await bare.json()).errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'code',
      'password',
    ]);
    const wrongCode = await post(first.cookie, '/account/totp', { password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    // The authenticator is still asked for at sign-in.
    const again = await signIn({ email: 'totp-keep@example.com', password }, address());
    expect(again.json).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    // With the password and a code (this step's was used to enrol: a recovery code), it can be.
    const replaced = await post(first.cookie, '/account/totp', {
      password,
      code: recoveryCodes[0]!,
    });
    expect(replaced.status).toBe(200);
  });

  it('guesses the current password at most ten times a minute when changing it', async () => {
    const password = await person('guess-current@example.com');
    const { cookie } = await signIn({ email: 'guess-current@example.com', password }, address());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(cookie, '/account/password', { current: `wrong ${i}`, next: 'a new password 123' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    // None of the wrong guesses changed it.
    expect(
      await t.server.workspace.checkPassword('guess-current@example.com', password),
    ).toBeTruthy();
  });

  it('ends the other sessions when the password changes, not this one', async () => {
    const password = await person('change@example.com');
    const here = await signIn({ email: 'change@example.com', password }, address());
    const there = await signIn({ email: 'change@example.com', password }, address());
    const changed = await post(here.cookie, '/account/password', {
      current: password,
      next: 'another long password',
    });
    expect(changed.status).toBe(200);
    const signedIn = async (cookie: string) =>
      (await (await fetch(`${t.base}/api/session`, { headers: { cookie } })).json()).signedIn;
    expect(await signedIn(here.cookie)).toBe(true);
    expect(await signedIn(there.cookie)).toBe(false);
  });

  it('only the newest reset link works, and none once one was used', async () => {
    await person('reset@example.com');
    const user = (await t.server.workspace.userByEmail('reset@example.com'))!;
    const older = await t.server.workspace.issueReset(user.id);
    const newer = await t.server.workspace.issueReset(user.id);
    expect(await t.server.workspace.useReset(older.token, 'a password from the old link')).toBe(
      undefined,
    );
    expect(
      await t.server.workspace.useReset(newer.token, 'a password from the new link'),
    ).toMatchObject({ id: user.id });
    expect(await t.server.workspace.useReset(newer.token, 'used twice')).toBe(undefined);
  });
});
