// The reference's signature check, run as printed against signatures the sandbox makes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { VERIFY_FUNCTION, VERIFY_SHELL } from './webhook-example';
import { signatureHeader } from './webhook-signing';

type Check = (secret: string, header: string, rawBody: string) => boolean;
const check = new Function(
  'createHmac',
  'timingSafeEqual',
  `${VERIFY_FUNCTION}\nreturn isSignedBySandbox;`,
)(createHmac, timingSafeEqual) as Check;

const secret = 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef';
const body = '{"id":7,"type":"merchant.kyc_status.changed","data":{"kycStatus":"VALID"}}';
const now = Math.floor(Date.now() / 1000);

it('accepts what the sandbox signs, and nothing changed or stale', () => {
  expect(check(secret, signatureHeader(secret, now, body), body)).toBe(true);
  expect(check(secret, signatureHeader(secret, now, body), body.replace('7', '8'))).toBe(false);
  expect(check('whsec_other', signatureHeader(secret, now, body), body)).toBe(false);
  expect(check(secret, signatureHeader(secret, now - 3600, body), body)).toBe(false);
  expect(check(secret, 'garbage', body)).toBe(false);
});

it('gives the same digest by hand in a shell', () => {
  const header = signatureHeader(secret, now, body);
  const digest = execFileSync('sh', ['-c', VERIFY_SHELL], {
    env: { PATH: process.env.PATH, T: String(now), BODY: body, WEBHOOK_SECRET: secret },
  })
    .toString()
    .trim();
  expect(`v1=${digest}`).toBe(header.split(',')[1]);
});
