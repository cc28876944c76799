// The signature check a partner's endpoint runs, as the API reference shows it: plain Node.js
// with no dependency. Kept as text the reference prints, and run by its test against the
// sandbox's own signatures, so the example can never drift from what the sandbox sends.

/** The function itself (the reference prints it after its import, exported). */
export const VERIFY_FUNCTION = `function isSignedBySandbox(secret, header, rawBody, toleranceSeconds = 300) {
  // header: the x-webhook-signature header, "t=<unix seconds>,v1=<hex digest>"
  // rawBody: the request body exactly as received, before any JSON parsing
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(fields.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = String(fields.v1 ?? '');
  return (
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}`;

export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

export ${VERIFY_FUNCTION}`;

/** The same check by hand in a shell, with the timestamp and body of one delivery. */
export const VERIFY_SHELL = `# T: the t= part of x-webhook-signature; BODY: the raw body as received
printf '%s.%s' "$T" "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.* //'
# the output must equal the v1= part of the header`;
