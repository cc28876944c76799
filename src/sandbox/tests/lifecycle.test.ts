// The sandbox as a process: the partner CLI, and delayed moves that survive a restart.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchant, createTestSandbox } from '../testing';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('partner create', () => {
  it('prints the new partner’s credentials as JSON, and they work', async () => {
    const dataDir = tempDir();
    const { stdout } = await run(
      'npx',
      ['tsx', 'src/sandbox/cli.ts', 'partner', 'create', '--name', 'Acme Remit'],
      {
        env: { ...process.env, DATA_DIR: dataDir },
      },
    );
    const credentials = JSON.parse(stdout.trim());
    expect(Object.keys(credentials)).toEqual(['apiKey', 'apiSecret']);
    const sandbox = await createTestSandbox({ file: path.join(dataDir, 'sandbox.db') });
    try {
      const response = await sandbox.request({
        method: 'GET',
        url: '/v1/business/',
        as: credentials,
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses to run without a name', async () => {
    await expect(
      run('npx', ['tsx', 'src/sandbox/cli.ts', 'partner', 'create'], {
        env: { ...process.env, DATA_DIR: tempDir() },
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--name NAME'),
    });
  });
});

describe('delayed moves', () => {
  it('quote and settle transactions that fell due while the sandbox was down', async () => {
    const { createParties, transactionBody } = await import('../testing');
    const file = path.join(tempDir(), 'sandbox.db');
    const settings = { quoteDelayMs: 200, settlementDelayMs: 200 };
    const first = await createTestSandbox({ file, settings });
    const parties = await createParties(first);
    const pending = (
      await first.send('POST', '/v1/sendc2f/', transactionBody(parties, 'sendc2f'))
    ).json();
    const settling = (
      await first.send('POST', '/v1/receive/', transactionBody(parties, 'receive'))
    ).json();
    await first.send('POST', `/v1/receive/approveDeposit/${settling.businessRequestId}`, {
      depositConfirmationUrl: 'https://files.example/c.pdf',
    });
    const credentials = first.alice;
    await first.close();

    await new Promise((r) => setTimeout(r, 300));
    const second = await createTestSandbox({ file, settings });
    try {
      const read = async (url: string) =>
        (await second.request({ method: 'GET', url, as: credentials })).json();
      const quoted = await read(`/v1/sendc2f/${pending.businessRequestId}`);
      expect(quoted).toMatchObject({
        clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
        fromAmount: expect.any(String),
      });
      const settled = await read(`/v1/receive/${settling.businessRequestId}`);
      expect(settled).toMatchObject({ clientStatus: 'Receive_COMPLETED', payout: '1000.00' });
    } finally {
      await second.close();
    }
  });

  it('happen after a restart when they fell due while the sandbox was down', async () => {
    const file = path.join(tempDir(), 'sandbox.db');
    const first = await createTestSandbox({ file, settings: { kycReviewDelayMs: 200 } });
    const merchant = await createMerchant(first);
    await first.send('POST', `/v1/business/${merchant.id}/agreements/accept`, {
      agreementIds: [1, 2, 3],
    });
    await first.send('POST', `/v1/business/${merchant.id}/onboarding`);
    const credentials = first.alice;
    await first.close();

    await new Promise((r) => setTimeout(r, 300));
    const second = await createTestSandbox({ file, settings: { kycReviewDelayMs: 200 } });
    try {
      const response = await second.request({
        method: 'GET',
        url: `/v1/business/${merchant.id}`,
        as: credentials,
      });
      expect(response.json().kycStatus).toBe('VALID');
    } finally {
      await second.close();
    }
  });
});

describe('scenarios from the command line', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    run('npx', ['tsx', 'src/sandbox/cli.ts', ...args], { env: { ...process.env, ...env } });

  it('loads a file for the partner with that key, beside a running sandbox that then moves it', async () => {
    const dataDir = tempDir();
    const sandbox = await createTestSandbox({
      file: path.join(dataDir, 'sandbox.db'),
      settings: { kycReviewDelayMs: 100 },
    });
    try {
      // Alice's situation, exported over HTTP, is what a tester shares.
      await sandbox.send('POST', '/v1/sandbox/scenarios/load', {
        preset: 'payout-awaiting-deposit',
      });
      const exported = (await sandbox.send('GET', '/v1/sandbox/scenarios/export')).json();
      const file = path.join(dataDir, 'shared.json');
      fs.writeFileSync(file, JSON.stringify(exported));
      const env = { DATA_DIR: dataDir, SANDBOX_KYC_REVIEW_DELAY_MS: '100' };
      const { stdout } = await cli(
        ['scenario', 'load', file, '--partner', sandbox.bob.apiKey],
        env,
      );
      const loaded = JSON.parse(stdout);
      const payout = loaded.transactions[0];
      expect(payout).toMatchObject({ product: 'sendc2f', clientStatus: 'OnOff_AWAITING_DEPOSIT' });
      // The running sandbox answers Bob with what the command wrote.
      const read = await sandbox.request({
        method: 'GET',
        url: `/v1/sendc2f/${payout.id}`,
        as: sandbox.bob,
      });
      expect(read.json()).toMatchObject({
        clientStatus: 'OnOff_AWAITING_DEPOSIT',
        toAmount: '2500.00',
      });

      // A preset whose review the command scheduled: the running sandbox's scheduler does it.
      const review = JSON.parse(
        (
          await cli(
            [
              'scenario',
              'load',
              '--preset',
              'merchant-under-review',
              '--partner',
              sandbox.bob.apiKey,
            ],
            env,
          )
        ).stdout,
      );
      const merchantId = review.merchants[0].id;
      await expect
        .poll(
          async () =>
            (
              await sandbox.request({
                method: 'GET',
                url: `/v1/business/${merchantId}`,
                as: sandbox.bob,
              })
            ).json().kycStatus,
          { timeout: 15_000, interval: 200 },
        )
        .toBe('VALID');

      // Reset: Bob's records go, Alice's stay.
      const reset = await cli(['reset', '--partner', sandbox.bob.apiKey], env);
      expect(reset.stdout).toMatch(/Deleted the records of Bob Remit: 2 merchants/);
      const bobs = await sandbox.request({ method: 'GET', url: '/v1/business/', as: sandbox.bob });
      expect(bobs.json().results).toEqual([]);
      const alices = await sandbox.send('GET', '/v1/business/');
      expect(alices.json().results).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('names what is wrong with a file, and with a key no partner has', async () => {
    const dataDir = tempDir();
    const sandbox = await createTestSandbox({ file: path.join(dataDir, 'sandbox.db') });
    await sandbox.close();
    const file = path.join(dataDir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ scenario: 1, merchants: [{ ref: 'm', name: '' }] }));
    const env = { DATA_DIR: dataDir };
    await expect(
      cli(['scenario', 'load', file, '--partner', sandbox.alice.apiKey], env),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('merchants.0.name: is required'),
    });
    await expect(
      cli(['scenario', 'load', '--preset', 'kyc-set-back', '--partner', 'nobody'], env),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No partner has the API key'),
    });
    // No key given and no demo partner yet: says how to get one, and makes up no credentials.
    await expect(cli(['scenario', 'export'], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('start the sandbox once'),
    });
    expect(fs.existsSync(path.join(dataDir, 'sandbox-credentials.json'))).toBe(false);
    await expect(cli(['scenario', 'load', '--preset', 'nothing'], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('payout-awaiting-deposit'),
    });
  }, 60_000);
});
