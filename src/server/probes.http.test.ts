// The platform's probes and the metrics scrape (docs/decisions/079), on SQLite and PostgreSQL:
// liveness and readiness answer without a session and outside the SPA; readiness says no while
// the server drains; `/metrics` needs its token; and each kind of work moves its metric.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthAnswer, ReadyAnswer } from '#/api/probes';
import { merchantBody } from '#/sandbox/testing';
import { DIALECTS } from './store/testing';
import {
  openEventStream,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
} from './testing';

const TOKEN = 'metrics-token-of-this-test';

/** One sample's value in Prometheus text: the line naming `name` with every label given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  let found = false;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2]?.split(/,(?=[a-z_]+=)/) ?? [];
    if (!wanted.every((w) => have.includes(w))) continue;
    total += Number(match[3]);
    found = true;
  }
  return found ? total : NaN;
}

describe.each(DIALECTS)('probes and metrics (%s)', (dialect) => {
  let t: TestDashboard;
  let finance: string;
  let operations: string;
  const scrape = async () => {
    const answer = await fetch(`${t.base}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  beforeAll(async () => {
    t = await startTestDashboard({ dialect, metrics: { token: TOKEN } });
    finance = (await t.signIn('finance@demo.example')).cookie;
    operations = (await t.signIn('operations@demo.example')).cookie;
  });
  afterAll(() => t.close());

  it('answers liveness and readiness without a session, as JSON, not the SPA', async () => {
    const health = await fetch(`${t.base}/healthz`);
    expect(health.status).toBe(200);
    expect(HealthAnswer.parse(await health.json())).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ReadyAnswer.parse(await ready.json())).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, accepting: true },
    });
  });

  it('serves metrics only with the token', async () => {
    expect((await fetch(`${t.base}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${t.base}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toMatch(/dashboard_/);
    expect(await scrape()).toMatch(/^# HELP dashboard_http_request_duration_seconds /m);
  });

  it('counts requests by route pattern, and calls of the API by operation', async () => {
    const route = { method: 'GET', route: '/api/v1/business/{id}', status: '200' };
    const { merchantId } = await t.parties(operations);
    const before = await scrape();
    const made = await t.call(finance, 'GET', `/v1/business/${merchantId}`);
    expect(made.status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'dashboard_http_request_duration_seconds_count', route)).toBe(
      (sample(before, 'dashboard_http_request_duration_seconds_count', route) || 0) + 1,
    );
    const call = { environment: 'sandbox', operation: 'getMerchant', status: '200' };
    expect(sample(after, 'dashboard_partner_api_calls_total', call)).toBeGreaterThan(
      sample(before, 'dashboard_partner_api_calls_total', call) || 0,
    );
    expect(
      sample(after, 'dashboard_partner_api_call_duration_seconds_count', {
        operation: 'getMerchant',
      }),
    ).toBeGreaterThan(0);
    expect(sample(after, 'dashboard_db_query_duration_seconds_count')).toBeGreaterThan(
      sample(before, 'dashboard_db_query_duration_seconds_count'),
    );
  });

  it('counts webhook deliveries by outcome, and the index passes with their lag', async () => {
    const refused = { environment: 'sandbox', outcome: 'refused' };
    const before = await scrape();
    const hook = await fetch(`${t.base}/hooks/index/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(hook.status).toBe(401);
    await t.server.sync.syncNow('sandbox');
    const after = await scrape();
    expect(sample(after, 'dashboard_webhook_deliveries_total', refused)).toBe(
      (sample(before, 'dashboard_webhook_deliveries_total', refused) || 0) + 1,
    );
    expect(
      sample(after, 'dashboard_job_passes_total', { job: 'index sync', outcome: 'ok' }),
    ).toBeGreaterThan(sample(before, 'dashboard_job_passes_total', { job: 'index sync' }) || 0);
    const lag = sample(after, 'dashboard_index_lag_seconds', { environment: 'sandbox' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(5);
  });

  it('reads the queues when scraped: the outbox, bulk rows waiting, live streams', async () => {
    const before = await scrape();
    // A mail waiting for its first try, an hour old.
    await t.db.db
      .insertInto('outbox')
      .values({
        id: `probe-${dialect}`,
        channel: 'email',
        target: 'someone@example.com',
        kind: 'test',
        subject: 'Waiting',
        text_body: 'Waiting',
        html_body: null,
        status: 'pending',
        attempts: 0,
        next_at: Date.now() + 3_600_000,
        lease_owner: null,
        lease_until: null,
        created_at: Date.now() - 3_600_000,
        delivered_at: null,
      } as never)
      .execute();
    // An approved bulk file whose two rows another server holds (its claim runs for an hour).
    const parties = await t.parties(operations);
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(t.base, finance, [
      `${m},ACC-EUR,USDT(TRC20),10,SALARY,PROBE-1`,
      `${m},ACC-EUR,USDT(TRC20),11,SALARY,PROBE-2`,
    ]);
    expect(uploaded.status).toBe(200);
    await t.db.db
      .updateTable('batch')
      .set({ status: 'submitting', lease_owner: 'elsewhere', lease_until: Date.now() + 3_600_000 })
      .where('id', '=', uploaded.id)
      .execute();
    const stream = await openEventStream(t.base, finance);
    try {
      const after = await scrape();
      expect(sample(after, 'dashboard_outbox_pending')).toBe(
        sample(before, 'dashboard_outbox_pending') + 1,
      );
      expect(sample(after, 'dashboard_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(3599);
      expect(sample(after, 'dashboard_bulk_rows_waiting')).toBe(
        sample(before, 'dashboard_bulk_rows_waiting') + 2,
      );
      expect(sample(after, 'dashboard_live_streams')).toBe(
        sample(before, 'dashboard_live_streams') + 1,
      );
      if (dialect === 'postgres')
        expect(sample(after, 'dashboard_db_pool_connections', { state: 'total' })).toBeGreaterThan(
          0,
        );
    } finally {
      stream.close();
    }
    // Made through the proxy meanwhile: unchanged by the scrape's readings.
    expect((await t.call(operations, 'POST', '/v1/business/', merchantBody())).status).toBe(200);
  });

  it('says it is not ready while it drains, and hands each connection back', async () => {
    t.server.drain();
    const ready = await fetch(`${t.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(ReadyAnswer.parse(await ready.json())).toMatchObject({
      status: 'draining',
      checks: { accepting: false, database: true },
    });
    // Still serving meanwhile.
    expect((await fetch(`${t.base}/healthz`)).status).toBe(200);
    expect((await t.call(finance, 'GET', '/session')).status).toBe(200);
  });
});
