// The transactions export is streamed from the local index a page at a time: every row once,
// chunked as it is written, and other requests answered while it runs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Transaction } from '#/api/schemas/transaction';
import { transactionRecord } from '#/api/testing';
import { startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
const ROWS = 2_500;

beforeAll(async () => {
  t = await startTestDashboard();
  const rows: Transaction[] = Array.from({ length: ROWS }, (_, i) =>
    transactionRecord({
      businessRequestId: 100_000 + i,
      creationTime: 1_790_000_000_000 + i,
      lastUpdateTime: 1_790_000_000_000 + i,
      toAmount: `${i}.50`,
      toBusinessExternalAccountId: 1,
      clientStatus: 'OnOff_COMPLETED',
    }),
  );

  for (let i = 0; i < rows.length; i += 100)
    await t.server.app.dashboard.index.putTransactions(
      'sandbox',
      'sendc2f',
      rows.slice(i, i + 100),
    );
});
afterAll(() => t.close());

it('streams every row of the filter once, and others are answered meanwhile', async () => {
  const { cookie } = await t.signIn('viewer@demo.example');
  const response = await fetch(`${t.base}/api/index/transactions?format=csv&product=sendc2f`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  // Streamed: no length known up front.
  expect(response.headers.get('content-length')).toBeNull();
  const session = await fetch(`${t.base}/api/session`, { headers: { cookie } });
  expect(session.status).toBe(200);
  const text = await response.text();
  const lines = text.split('\r\n').filter(Boolean);
  // One column per fact, in words.
  expect(lines[0]).toMatch(/^Transaction,Product,Status,/);
  expect(lines[0]).not.toContain('businessRequestId');
  expect(response.headers.get('x-export-rows')).toBe(String(ROWS));
  const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
  const ours = ids.filter((id) => id >= 100_000);
  expect(ours).toHaveLength(ROWS);
  expect(new Set(ours).size).toBe(ROWS);
  // Newest first.
  expect(ours[0]).toBe(100_000 + ROWS - 1);
});
