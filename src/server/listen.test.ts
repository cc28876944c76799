// `listen` against the dashboard's embedded sandbox on loopback and a local receiver: a status
// change and a resend started from the dashboard both arrive, signed with the secret `listen`
// printed (docs/decisions/023).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, parseEvents } from '#/sandbox/listen';
import { merchantBody } from '#/sandbox/testing';
import { eventually } from '#/api/testing';
import { verifySignature } from '#/api/webhook-signing';
import { localReceiver, type Received } from '#/http/testing';
import { startTestDashboard, type TestDashboard } from './testing';

let t: TestDashboard;
let receiver: Awaited<ReturnType<typeof localReceiver>>;
const received: Received[] = [];
const printed: string[] = [];
const stop = new AbortController();
let listening: Promise<void>;

beforeAll(async () => {
  t = await startTestDashboard();
  receiver = await localReceiver((call, res) => {
    received.push(call);
    res.writeHead(200).end('thanks');
  });
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  listening = listen({
    baseUrl: `${t.base}/sandbox`,
    forwardTo: receiver.url,
    apiKey: t.demo.apiKey,
    apiSecret: t.demo.apiSecret,
    print: (line) => printed.push(line),
    signal: stop.signal,
    onConnected: connected,
  });
  await ready;
});

afterAll(async () => {
  stop.abort();
  await listening;
  await receiver.close();
  await t.close();
});

/** The first call received that `find` finds. */
const until = async <T>(find: () => T | undefined): Promise<T> =>
  (await eventually(find, (found) => found !== undefined, { ms: 5_000 }))!;

describe('listen', () => {
  it('forwards a status change and a dashboard resend, signed with the secret it printed', async () => {
    const secret = /Signing secret .*: (whsec_\w+)/.exec(printed.join('\n'))?.[1];
    expect(secret).toBeDefined();
    // A status change, by the partner's own integration.
    const sandboxApi = `${t.base}/sandbox/v1`;
    const headers = {
      'x-api-key': t.demo.apiKey,
      'x-api-secret': t.demo.apiSecret,
      'content-type': 'application/json',
    };
    const created = await fetch(`${sandboxApi}/business/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(merchantBody()),
    });
    const { id } = (await created.json()) as { id: number };
    const changed = await fetch(`${sandboxApi}/business/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(merchantBody({ localRegNumber: 'HRB 1|ACTION_NEEDED' })),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const first = await until(() =>
      received.find((r) => JSON.parse(r.body).type === 'merchant.kyc_status.changed'),
    );
    const event = JSON.parse(first.body) as {
      id: number;
      objectId: number;
      data: { kycStatus: string };
    };
    expect(event).toMatchObject({ objectId: id, data: { kycStatus: 'ACTION_NEEDED' } });
    expect(verifySignature(secret!, String(first.headers['x-webhook-signature']), first.body)).toBe(
      true,
    );

    // Resent from the dashboard, by a person with the sandbox tools.
    const { cookie } = await t.signIn('admin@demo.example');
    const resent = await fetch(`${t.base}/api/v1/event/${event.id}/resend`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'dashboard' },
    });
    expect(resent.status).toBe(200);
    const again = await until(() => {
      const copies = received.filter((r) => JSON.parse(r.body).id === event.id);
      return copies.length >= 2 ? copies[1] : undefined;
    });
    expect(verifySignature(secret!, String(again.headers['x-webhook-signature']), again.body)).toBe(
      true,
    );
    await until(() => printed.find((line) => line.startsWith(`Resent #${event.id}`)));
    expect(printed.find((line) => line.startsWith(`Event #${event.id}`))).toMatch(
      /→ 200 \(\d+ ms\)$/,
    );
  });

  it('reads server-sent events split anywhere', () => {
    const seen: unknown[] = [];
    let rest = parseEvents(': hi\n\nid: 7\nevent: event\ndata: {"id":', (m) => seen.push(m));
    expect(seen).toEqual([]);
    rest = parseEvents(`${rest}7}\n\nevent: resend\ndata: {"id":3}\n\n`, (m) => seen.push(m));
    expect(rest).toBe('');
    expect(seen).toEqual([
      { id: '7', event: 'event', data: '{"id":7}' },
      { event: 'resend', data: '{"id":3}' },
    ]);
  });

  it('the stream is the sandbox’s own: the dashboard’s proxy refuses it', async () => {
    const { cookie } = await t.signIn('admin@demo.example');
    const proxied = await fetch(`${t.base}/api/v1/sandbox/events/stream`, { headers: { cookie } });
    expect(proxied.status).toBe(400);
  });

  it('the CLI says what it needs', async () => {
    const failed = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/sandbox/cli.ts',
        'listen',
        '--forward-to',
        'http://localhost:3000/hooks',
      ],
      { env: { PATH: process.env.PATH } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('listen needs --base-url');
  });
});
