// A write is on the audit trail before it leaves for the API: while the API has not answered
// (or if this server stopped before it did), the trail already shows the write as sent; its
// outcome follows with the same request id.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { merchantBody } from '#/sandbox/testing';
import { JSON_CSRF, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
beforeAll(async () => {
  t = await startTestDashboard();
});
afterAll(() => t.close());

interface Entry {
  seq: number;
  action: string;
  outcome: string;
  requestId: string;
  details: { status?: number } | null;
}

it('records a write as sent before it leaves for the API, then its outcome', async () => {
  const tester = (await t.signIn('tester@demo.example')).cookie;
  const onboarding = (await t.signIn('onboarding@demo.example')).cookie;
  const admin = (await t.signIn('admin@demo.example')).cookie;
  // The API will fail the next merchant creation.
  const fault = await fetch(`${t.base}/api/v1/sandbox/faults/`, {
    method: 'POST',
    headers: { cookie: tester, ...JSON_CSRF },
    body: JSON.stringify({ operationId: 'createMerchant', kind: 'error' }),
  });
  expect(fault.status).toBe(200);
  for (const expected of [500, 200]) {
    const answer = await fetch(`${t.base}/api/v1/business/`, {
      method: 'POST',
      headers: { cookie: onboarding, ...JSON_CSRF },
      body: JSON.stringify(merchantBody()),
    });
    expect(answer.status).toBe(expected);
  }
  const { results } = (await (
    await fetch(`${t.base}/api/audit?action=${encodeURIComponent('POST /v1/business/')}`, {
      headers: { cookie: admin },
    })
  ).json()) as { results: Entry[] };
  const sent = results.filter((e) => e.outcome === 'sent');
  expect(sent).toHaveLength(2);
  // Each write: sent first, then its outcome, under the same request id.
  for (const s of sent) {
    const after = results.find((e) => e.outcome !== 'sent' && e.requestId === s.requestId)!;
    expect(after.seq).toBeGreaterThan(s.seq);
    expect(['ok', 'failed']).toContain(after.outcome);
  }
  expect(results.filter((e) => e.outcome === 'failed')).toHaveLength(1);
});

it('names the record a create made, leaves price look-ups off, finds calls by their words', async () => {
  const onboarding = (await t.signIn('onboarding@demo.example')).cookie;
  const finance = (await t.signIn('finance@demo.example')).cookie;
  const admin = (await t.signIn('admin@demo.example')).cookie;
  const created = await fetch(`${t.base}/api/v1/business/`, {
    method: 'POST',
    headers: { cookie: onboarding, ...JSON_CSRF },
    body: JSON.stringify(merchantBody()),
  });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const price = await fetch(`${t.base}/api/v1/sendc2f/price`, {
    method: 'POST',
    headers: { cookie: finance, ...JSON_CSRF },
    body: JSON.stringify({
      fromCurrencySymbol: 'USDT(TRC20)',
      toCurrencySymbol: 'EUR',
      toAmount: '100.00',
    }),
  });
  expect(price.status).toBe(200);
  const trail = async (action: string) =>
    (
      (await (
        await fetch(`${t.base}/api/audit?action=${encodeURIComponent(action)}`, {
          headers: { cookie: admin },
        })
      ).json()) as { results: (Entry & { target: string | null })[] }
    ).results;
  // The outcome names the merchant made; the entry sent before it could not know it yet.
  const mine = (await trail('create a merchant')).filter((e) => e.requestId);
  expect(mine.find((e) => e.outcome === 'ok' && e.target === `business/${id}`)).toBeDefined();
  expect(mine.every((e) => e.action === 'POST /v1/business/')).toBe(true);
  // Words and the stored form find the same calls; a price look-up is on neither.
  expect(await trail('price')).toEqual([]);
  expect(await trail('Calculate the FX rate')).toEqual([]);
  expect((await trail('approve quote')).map((e) => e.action)).toEqual(
    (await trail('approveQuote')).map((e) => e.action),
  );
});
