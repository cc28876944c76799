// GET /api/reports through the dashboard server (docs/decisions/036): the report of the
// session's environment, and every wrong filter named on its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRecord } from '#/api/testing';
import { callApi, startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let viewer: string;
const Z = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await startTestDashboard();
  viewer = (await t.signIn('viewer@demo.example')).cookie;
  await t.server.app.dashboard.index.putTransactions('sandbox', 'sendc2f', [
    transactionRecord({
      businessRequestId: 901,
      creationTime: Z('2026-11-02T10:00:00Z'),
      lastUpdateTime: Z('2026-11-02T12:00:00Z'),
      clientStatus: 'OnOff_COMPLETED',
      toAmount: '1234.56',
      fromAmount: '1350.000001',
    }),
  ]);
});
afterAll(() => t.close());

const report = (query: string) => callApi(t.base, viewer, 'GET', `/reports?${query}`);

describe('the reports endpoint', () => {
  it('answers the report of a period, by the bucket it suits', async () => {
    const answer = await report(
      `from=${Z('2026-10-31T23:00:00Z')}&to=${Z('2026-11-30T23:00:00Z')}&tz=Europe/Berlin`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.period).toMatchObject({ tz: 'Europe/Berlin', bucket: 'day' });
    expect(answer.json.buckets).toHaveLength(30);
    expect(answer.json.payout).toEqual([
      expect.objectContaining({ currency: 'EUR', count: 1, total: '1234.56' }),
    ]);
    expect(answer.json.deposit[0]).toMatchObject({ total: '1350.000001' });
    expect(answer.json.completion).toEqual({ count: 1, medianMs: 7_200_000, p90Ms: 7_200_000 });
    expect(answer.json.freshness).toEqual(expect.objectContaining({ filled: expect.any(Boolean) }));
  });

  it('adds up what a list filter selects', async () => {
    const totals = await callApi(
      t.base,
      viewer,
      'GET',
      `/index/transactions/totals?product=sendc2f&fromDate=${Z('2026-11-01T00:00:00Z')}`,
    );
    expect(totals.status).toBe(200);
    expect(totals.json.sums).toContainEqual({
      currency: 'EUR',
      count: expect.any(Number),
      total: expect.stringMatching(/^\d+(\.\d+)?$/),
    });
    const wrong = await callApi(t.base, viewer, 'GET', '/index/transactions/totals?fromDate=soon');
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].field).toBe('fromDate');
  });

  it('names each wrong filter', async () => {
    const fields = async (query: string) => {
      const answer = await report(query);
      expect(answer.status).toBe(400);
      return (answer.json.errors as { field: string; message: string }[]).map(
        (e) => `${e.field} ${e.message}`,
      );
    };
    expect(await fields('from=1000&to=2000&tz=Mars/Olympus')).toEqual([
      'tz must be a time zone such as Europe/Berlin',
    ]);
    expect(await fields('from=5000&to=2000')).toEqual(['from must be before to']);
    expect(await fields('to=2000')).toEqual(['from is required']);
    expect(
      await fields(`from=${Z('2025-01-01T00:00:00Z')}&to=${Z('2026-11-01T00:00:00Z')}&bucket=day`),
    ).toEqual(['bucket makes more than 400 points: choose weeks or months']);
    expect(await fields('from=1000&to=2000&product=cash')).toEqual([
      expect.stringMatching(/^product /),
    ]);
  });
});
