// The demo workspace shows its approvals on the start that seeds its sandbox (docs/decisions/041,
// 042): a base-currency policy that holds the 31,000 USD end to end transfer's deposit for two
// approvers, new bank details of Harbor & Pine's account waiting with its open collections named,
// quotes past their validity marked expired; and only once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootSandbox } from '#/sandbox/boot';
import { SandboxEnv } from '#/sandbox/env';
import { FAST_SETTINGS } from '#/sandbox/testing';
import { seedDemoRecords } from './demo-workspace';
import { callApi, startTestDashboard, type TestDashboard } from './testing';
import { controlsStore } from './controls/store';

let t: TestDashboard;
let dir: string;
let booted: ReturnType<typeof bootSandbox>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-records-'));
  booted = bootSandbox(SandboxEnv.parse({ DATA_DIR: dir }), FAST_SETTINGS);
  t = await startTestDashboard({
    embedded: {
      store: booted.store,
      settings: FAST_SETTINGS,
      rateLimit: 10_000,
      demo: booted.demo,
    },
    // The local index fills itself, as on `npm start`: the inbox reads it.
    indexSync: { intervalMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the demo workspace’s approvals', () => {
  it('has a base-currency policy that holds a USD deposit for two approvers', async () => {
    const admin = (await t.signIn('admin@demo.example')).cookie;
    const policies = (await callApi(t.base, admin, 'GET', '/controls/policies')).json.results;
    expect(policies).toEqual([
      expect.objectContaining({
        action: 'approveDeposit',
        currency: '*',
        minAmount: '25000',
        inBase: true,
        approvers: 2,
      }),
    ]);
    const approver = (await t.signIn('approver@demo.example')).cookie;
    await expect
      .poll(
        async () =>
          (
            await callApi(t.base, approver, 'GET', '/controls/inbox?scope=everyone&limit=100')
          ).json.results.find(
            (r: { payoutCurrency: string; payoutAmount: string }) =>
              r.payoutCurrency === 'USD' && r.payoutAmount === '31000.00',
          ),
        { timeout: 15_000 },
      )
      .toMatchObject({ action: 'approveDeposit', required: 2, policy: { inBase: true } });
    const inbox = (
      await callApi(t.base, approver, 'GET', '/controls/inbox?scope=everyone&limit=100')
    ).json;
    // 410,000 INR, a currency that is only paid out, converts too (priced from EUR and turned
    // round): about 4,500 EUR, under the threshold.
    const rupees = inbox.results.find(
      (r: { payoutCurrency: string; payoutAmount: string }) =>
        r.payoutCurrency === 'INR' && r.payoutAmount === '410000.00',
    );
    expect(rupees).toMatchObject({ action: 'approveDeposit', required: 1, policy: null });
    // Quotes given long ago are past their validity.
    expect(inbox.results.some((r: { quote: { expired: boolean } }) => r.quote.expired)).toBe(true);
  });

  it('has new bank details waiting, with the open payments that keep the old ones', async () => {
    const approver = (await t.signIn('approver@demo.example')).cookie;
    await expect
      .poll(
        async () =>
          (await callApi(t.base, approver, 'GET', '/controls/inbox?scope=you')).json.changes[0],
        { timeout: 15_000 },
      )
      .toMatchObject({
        merchantName: 'Harbor & Pine Trading Ltd',
        change: {
          authorName: 'Olu Onboarding',
          status: 'pending',
          changed: expect.arrayContaining(['iban', 'swiftCode']),
          openPayments: expect.arrayContaining([
            expect.objectContaining({ product: 'receive', currency: 'GBP' }),
          ]),
        },
      });
  });

  it('has a quote rejected with its reason, the transaction cancelled and its creator told', async () => {
    const fatima = (await t.signIn('finance@demo.example')).cookie;
    await expect
      .poll(
        async () =>
          (await callApi(t.base, fatima, 'GET', '/notifications')).json.results.find(
            (n: { kind: string }) => n.kind === 'requestRejected',
          ),
        { timeout: 15_000 },
      )
      .toMatchObject({
        title: expect.stringMatching(
          /^Bruno Approver rejected the quote of End to end transfer #\d+/,
        ),
        body: expect.stringContaining('The rate is worse than the one agreed with Anatolia'),
      });
    const rejected = booted.store.transactions
      .list(booted.demo.partnerId, 'sendf2f', {}, 0, 100)
      .find((tx) => tx.toAmount === '8250.00')!;
    expect(rejected).toMatchObject({ clientStatus: 'OnOff_CANCELED', cancelReason: 'OTHER' });
    const controls = await callApi(
      t.base,
      fatima,
      'GET',
      `/controls/transactions/sendf2f/${rejected.businessRequestId}`,
    );
    expect(controls.json.approvals[0]).toMatchObject({
      status: 'rejected',
      rejectReason: expect.stringContaining('worse than the one agreed'),
    });
  });

  it('is made once', async () => {
    await seedDemoRecords(
      t.db,
      t.server.workspace,
      controlsStore(t.db),
      booted.store,
      booted.demo.partnerId,
    );
    const admin = (await t.signIn('admin@demo.example')).cookie;
    expect((await callApi(t.base, admin, 'GET', '/controls/policies')).json.results).toHaveLength(
      1,
    );
    const approver = (await t.signIn('approver@demo.example')).cookie;
    expect((await callApi(t.base, approver, 'GET', '/controls/inbox')).json.changes).toHaveLength(
      1,
    );
  });
});
